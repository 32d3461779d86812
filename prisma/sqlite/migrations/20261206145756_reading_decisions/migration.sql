-- CreateTable
CREATE TABLE "ReadingDecision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "dataSource" TEXT NOT NULL,
    "readingId" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "words" JSONB NOT NULL,
    "evidence" TEXT NOT NULL,
    "confidence" REAL NOT NULL,
    "decidedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "ReadingDecision_dataSource_readingId_key" ON "ReadingDecision"("dataSource", "readingId");
