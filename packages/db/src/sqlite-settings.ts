/**
 * How long a SQLite connection waits for another writer before failing with SQLITE_BUSY. Several
 * processes (api-v1, ask-legacy, CLIs) share one file in WAL mode; 5 s absorbs bursts under load.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
