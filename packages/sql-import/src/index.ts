/** Verified SQL into the plan IR: the SELECT subset a plan can carry, refused by clause or name otherwise. */
export { sqlToPlan, type ImportedSql } from './sql-to-plan';
export { SqlImportError } from './sql-import-error';
export { MAX_SQL_LENGTH } from './parse-sql';
export { refuseCaseFoldedText, textComparisons, TEXT_CASE_CLAUSE, type TextComparison } from './text-case';
export { refuseNullLinks, refuseUncheckedNullLinks, NULL_LINK_CLAUSE } from './null-links';
export { refuseSharedNames, refuseUncheckedSharedNames, SHARED_NAME_CLAUSE } from './unique-names';
export { refuseNumbersAsText, refuseUncheckedNumbersAsText, numberTextUses, NUMBER_TEXT_CLAUSE, type NumberTextUse } from './numbers-as-text';
