/**
 * The formats of dates kept as text that introspection recognises and every engine reads (sql/text-dates.ts):
 * '23-OCT-10' (DD-MON-YY, Oracle's default export format) and '23-OCT-2010' (DD-MON-YYYY). Only formats that
 * name the month are listed: 10/11/12 is October or November depending on who wrote it.
 */
export const TEXT_DATE_FORMATS = ['DD-MON-YY', 'DD-MON-YYYY'] as const;
export type TextDateFormat = (typeof TEXT_DATE_FORMATS)[number];
