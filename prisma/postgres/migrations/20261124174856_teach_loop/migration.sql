-- AlterTable
ALTER TABLE "Answer" ADD COLUMN     "outcome" TEXT NOT NULL DEFAULT 'answered',
ADD COLUMN     "resolvedAt" TIMESTAMP(3),
ADD COLUMN     "unknownTerms" JSONB;

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "admin" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "VocabularyEntry" (
    "id" TEXT NOT NULL,
    "term" TEXT NOT NULL,
    "termKey" TEXT NOT NULL,
    "means" JSONB NOT NULL,
    "tenantKey" TEXT NOT NULL,
    "context" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VocabularyEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VerifiedQuestion" (
    "id" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "questionKey" TEXT NOT NULL,
    "plan" JSONB NOT NULL,
    "periods" JSONB NOT NULL,
    "tenantKey" TEXT NOT NULL,
    "context" JSONB,
    "sourceAnswerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VerifiedQuestion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KnowledgeVersion" (
    "id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "KnowledgeVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdminAudit" (
    "id" TEXT NOT NULL,
    "apiKeyId" TEXT,
    "principal" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "before" JSONB,
    "after" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminAudit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "VocabularyEntry_termKey_tenantKey_key" ON "VocabularyEntry"("termKey", "tenantKey");

-- CreateIndex
CREATE UNIQUE INDEX "VerifiedQuestion_questionKey_tenantKey_key" ON "VerifiedQuestion"("questionKey", "tenantKey");

-- CreateIndex
CREATE INDEX "AdminAudit_createdAt_idx" ON "AdminAudit"("createdAt");

-- CreateIndex
CREATE INDEX "Answer_outcome_createdAt_idx" ON "Answer"("outcome", "createdAt");

-- The one version row every process reads before answering (bumped with each vocabulary or verified-question change).
INSERT INTO "KnowledgeVersion" ("id", "version") VALUES (1, 0);
