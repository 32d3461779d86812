/** Stops the PostgreSQL server the global setup started (if it started one). */
export default async function globalTeardown(): Promise<void> {
  globalThis.__askdataPostgres?.stop();
  globalThis.__askdataPostgres = undefined;
}
