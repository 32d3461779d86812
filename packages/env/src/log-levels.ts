/** The values LOG_LEVEL accepts: winston's npm levels, most to least severe. */
export const logLevels = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'] as const;
export type LogLevel = (typeof logLevels)[number];
