/** The teach loop's pure parts: taught terms, their conflicts, and verified questions. */
export { MAX_TERM_LENGTH, termKey, termProblem } from './term';
export { describeMeaning, meaningSchema, resolveMeaning, sameMeaning, type Meaning, type MeaningResult, type ResolvedMeaning } from './meaning';
export { teachModel, valueAliases, type TaughtTerm } from './taught-model';
export { termConflict, valueConflict, type TermConflict } from './term-conflict';
export { globalWordsFor, shadowedByValues, tenantWordsPlanner, type TenantWordsPlannerOptions } from './tenant-words';
export { VALUE_READING_SCORE, valueReadings } from './value-reading';
export { phrasingKey } from './phrasing';
export { capturePeriods, periodSlotSchema, refreshPeriods, type PeriodSlot } from './verified-periods';
export { withVerifiedQuestions, type VerifiedPhrasing } from './verified-planner';
export { planTextValues } from './plan-text-values';
export { withEngineLabels } from './engine-labels';
export { withValueAliases } from './with-value-aliases';
