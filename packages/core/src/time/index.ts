export { findDatePhrases, resolveDatePhrase } from './date-phrases';
export type { DatePhraseOptions, DateRangeMatch } from './date-phrases';
export { todayIn, localMidnightIso, zoneOffsetMs } from './zone';
export { formatIsoDate, type LocalDate } from './calendar';
