-- CreateTable
CREATE TABLE "ReadingDecision" (
    "id" TEXT NOT NULL,
    "dataSource" TEXT NOT NULL,
    "readingId" TEXT NOT NULL,
    "decision" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "words" JSONB NOT NULL,
    "evidence" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "decidedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReadingDecision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReadingDecision_dataSource_readingId_key" ON "ReadingDecision"("dataSource", "readingId");
