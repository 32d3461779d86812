-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN "context" JSONB;
