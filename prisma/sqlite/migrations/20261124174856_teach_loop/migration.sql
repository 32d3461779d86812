-- CreateTable
CREATE TABLE "VocabularyEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "term" TEXT NOT NULL,
    "termKey" TEXT NOT NULL,
    "means" JSONB NOT NULL,
    "tenantKey" TEXT NOT NULL,
    "context" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "VerifiedQuestion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "question" TEXT NOT NULL,
    "questionKey" TEXT NOT NULL,
    "plan" JSONB NOT NULL,
    "periods" JSONB NOT NULL,
    "tenantKey" TEXT NOT NULL,
    "context" JSONB,
    "sourceAnswerId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "KnowledgeVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL
);

-- CreateTable
CREATE TABLE "AdminAudit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "apiKeyId" TEXT,
    "principal" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "before" JSONB,
    "after" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Answer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT NOT NULL,
    "apiKeyId" TEXT,
    "principal" TEXT NOT NULL,
    "tenantKey" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "plan" JSONB,
    "sql" TEXT,
    "sqlParameters" JSONB,
    "engine" TEXT NOT NULL,
    "confidence" REAL,
    "timings" JSONB NOT NULL,
    "meta" JSONB NOT NULL,
    "outcome" TEXT NOT NULL DEFAULT 'answered',
    "unknownTerms" JSONB,
    "resolvedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Answer_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Answer" ("apiKeyId", "confidence", "conversationId", "createdAt", "engine", "id", "message", "meta", "payload", "plan", "principal", "question", "sql", "sqlParameters", "tenantKey", "timings", "type") SELECT "apiKeyId", "confidence", "conversationId", "createdAt", "engine", "id", "message", "meta", "payload", "plan", "principal", "question", "sql", "sqlParameters", "tenantKey", "timings", "type" FROM "Answer";
DROP TABLE "Answer";
ALTER TABLE "new_Answer" RENAME TO "Answer";
CREATE INDEX "Answer_conversationId_createdAt_idx" ON "Answer"("conversationId", "createdAt");
CREATE INDEX "Answer_outcome_createdAt_idx" ON "Answer"("outcome", "createdAt");
CREATE TABLE "new_ApiKey" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "admin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" DATETIME
);
INSERT INTO "new_ApiKey" ("createdAt", "id", "keyHash", "name", "prefix", "revokedAt") SELECT "createdAt", "id", "keyHash", "name", "prefix", "revokedAt" FROM "ApiKey";
DROP TABLE "ApiKey";
ALTER TABLE "new_ApiKey" RENAME TO "ApiKey";
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "VocabularyEntry_termKey_tenantKey_key" ON "VocabularyEntry"("termKey", "tenantKey");

-- CreateIndex
CREATE UNIQUE INDEX "VerifiedQuestion_questionKey_tenantKey_key" ON "VerifiedQuestion"("questionKey", "tenantKey");

-- CreateIndex
CREATE INDEX "AdminAudit_createdAt_idx" ON "AdminAudit"("createdAt");

-- The one version row every process reads before answering (bumped with each vocabulary or verified-question change).
INSERT INTO "KnowledgeVersion" ("id", "version") VALUES (1, 0);
