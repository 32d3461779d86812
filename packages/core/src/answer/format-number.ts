/**
 * Number formatting for tables and messages (en-US). Intl.NumberFormat construction is costly relative to
 * formatting, and a table can hold thousands of cells, so every formatter is built once and cached.
 */

/**
 * How a number should read. `average` is for means and medians: always two decimals ("4.21"), because
 * a rating of "4.2" next to "4.21" looks inconsistent in a column. `percent` values are fractions
 * (0.153 = 15.3%), as Intl expects and as model fields hold them; `percent100` values are already on the
 * 0-100 scale (15.3 = 15.3%), as shares come back from SQL. Two styles, so nothing is multiplied twice.
 */
export type NumberStyle = 'currency' | 'integer' | 'decimal' | 'average' | 'percent' | 'percent100';

const LOCALE = 'en-US';
const cache = new Map<string, Intl.NumberFormat>();

function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let found = cache.get(key);
  if (found === undefined) {
    found = new Intl.NumberFormat(LOCALE, options);
    cache.set(key, found);
  }
  return found;
}

function currencyFormatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  return formatter(`currency|${currency}|${fractionDigits}`, {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** Full precision, as tables and single-figure answers show it: "$1,234,567.89", "1,284", "4.21", "15.3%". */
export function formatNumber(value: number, style: NumberStyle, currency: string): string {
  switch (style) {
    case 'currency':
      return currencyFormatter(currency, 2).format(value);
    case 'integer':
      return formatter('integer', { maximumFractionDigits: 0 }).format(value);
    case 'decimal':
      return formatter('decimal', { maximumFractionDigits: 2 }).format(value);
    case 'average':
      return formatter('average', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
    case 'percent':
      return formatter('percent', { style: 'percent', maximumFractionDigits: 1 }).format(value);
    case 'percent100':
      return formatter('percent', { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  }
}

/**
 * Compact notation has no suffix beyond T, so a threshold of 1e23 read "$100,000,000,000.0T". From a
 * thousand trillion on, running text uses scientific notation instead ("$1E23", "1.23E16"): it states the
 * size honestly and stays short, whatever the number (a question may carry any number of digits).
 */
export const SCIENTIFIC_FROM = 1e15;

function scientific(value: number, style: NumberStyle, currency: string): string {
  const options: Intl.NumberFormatOptions = { notation: 'scientific', minimumFractionDigits: 0, maximumFractionDigits: 2 };
  if (style === 'currency') return formatter(`scientific-currency|${currency}`, { ...options, style: 'currency', currency }).format(value);
  if (style === 'percent' || style === 'percent100') return formatter('scientific-percent', { ...options, style: 'percent' }).format(style === 'percent100' ? value / 100 : value);
  return formatter('scientific', options).format(value);
}

/**
 * Rounded for running text, where "$2.1M of $5.3M" reads better than cents: millions and up are compact,
 * tens of thousands drop the cents; absurdly large values are scientific; everything else is as in tables.
 */
export function formatProseNumber(value: number, style: NumberStyle, currency: string): string {
  const size = Math.abs(value);
  if (size >= SCIENTIFIC_FROM && Number.isFinite(value)) return scientific(value, style, currency);
  if (style === 'currency') {
    if (size >= 1_000_000) return formatter(`compact-currency|${currency}`, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(value);
    if (size >= 10_000 || Number.isInteger(value)) return currencyFormatter(currency, 0).format(value);
    return formatNumber(value, style, currency);
  }
  if (style === 'integer' && size >= 10_000_000) return formatter('compact', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  return formatNumber(value, style, currency);
}

/** A count of things: "1,284". */
export function formatCount(count: number): string {
  return formatter('integer', { maximumFractionDigits: 0 }).format(count);
}

/** A relative change for trend sentences: "+49.7%", "-3.2%". */
export function formatChange(ratio: number): string {
  return formatter('change', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(ratio);
}

/** The currency's own symbol or code ("USD") for axis units: "Revenue (USD)". */
export function currencyUnit(currency: string): string {
  return currency.toUpperCase();
}
