export { findDatePhrases, resolveDatePhrase } from './date-phrases';
export type { DatePhraseOptions, DateRangeMatch } from './date-phrases';
export { type AsOf, partialPeriodNote } from './partial-period';
export { todayIn, localMidnightIso, zoneOffsetMs } from './zone';
export { formatIsoDate, type LocalDate } from './calendar';
export { boundsLabel } from './bounds-label';
