-- AlterTable
ALTER TABLE "KnowledgeVersion" ADD COLUMN     "dataVersion" INTEGER NOT NULL DEFAULT 0;
