/**
 * Start-up warnings about the data source's role (a PostgreSQL superuser, or a role that can write), for
 * both apps to log. Never fatal and never in the way of start-up: the apps log them when the check
 * returns, and an unreachable data source (it may start later) is one more warning, not a crash.
 */
import type { DataSource } from '@askdata/core';

export async function dataSourceWarnings(dataSource: DataSource): Promise<string[]> {
  if (dataSource.privilegeWarnings === undefined) return [];
  try {
    return await dataSource.privilegeWarnings();
  } catch {
    return ['could not check the data source role\'s privileges: the data source did not answer'];
  }
}

/** Logs each warning once the check returns, then that the check ran; start-up does not wait for it. */
export function warnAboutDataSource(dataSource: DataSource, logger: { warn(message: string): unknown; info(message: string, meta: object): unknown }): void {
  void dataSourceWarnings(dataSource).then((warnings) => {
    for (const warning of warnings) logger.warn(warning);
    logger.info('data source role checked', { warnings: warnings.length });
  });
}
