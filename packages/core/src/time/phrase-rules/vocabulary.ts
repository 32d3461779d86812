/** Regular-expression pieces and word lists the rule tables share. */
import { MONTH_NAMES, type LocalDate } from '../calendar';

export const MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)';
export const YEAR = '((?:19|20)\\d\\d)';
export const ISO = '(\\d{4}-\\d{2}-\\d{2})';
export const SMALL_NUMBER = '(\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|sixty|ninety)';
export const WEEKDAY = '(monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
export const ORDINAL_SUFFIX = '(?:st|nd|rd|th)';

const WORD_NUMBERS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, sixty: 60, ninety: 90,
};

export function smallNumber(text: string): number {
  return WORD_NUMBERS[text] ?? Number(text);
}

/** 1..12 for a month name or abbreviation. */
export function monthIndex(name: string): number {
  return MONTH_NAMES.findIndex((full) => full.toLowerCase().startsWith(name.slice(0, 3))) + 1;
}

/** Most recent year in which month `m` has started, as of `today`. */
export function recentYearOfMonth(m: number, today: LocalDate): number {
  return m <= today.m ? today.y : today.y - 1;
}

/** "2025" or "25" (20yy) as a year. */
export function yearOf(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

export const capitalize = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
