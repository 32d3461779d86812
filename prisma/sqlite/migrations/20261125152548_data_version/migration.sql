-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_KnowledgeVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "version" INTEGER NOT NULL,
    "dataVersion" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "new_KnowledgeVersion" ("id", "version") SELECT "id", "version" FROM "KnowledgeVersion";
DROP TABLE "KnowledgeVersion";
ALTER TABLE "new_KnowledgeVersion" RENAME TO "KnowledgeVersion";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
