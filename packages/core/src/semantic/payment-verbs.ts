/**
 * Business reading "names.pay-by": the column that says how a payment is made (`payment_method_code`,
 * `payment_type`) answers to "pay by" and "paid with": "customers who pay by credit card" filters it.
 *
 * Conservative on purpose: only a text column named by "payment" and a word of means ("method", "type"),
 * one per table; never where a table holds two such columns.
 */
import { splitWords } from './humanize';
import type { ModelFileInput } from './model-schema';
import { PAY_BY_PHRASES, PAYMENT_MEANS_WORDS, PAYMENT_WORD } from '../vocabulary/payment-words';
import type { BusinessReading } from './business-reading';

type EntityInput = ModelFileInput['entities'][string];
const among = (list: readonly string[], word: string): boolean => list.includes(word);

export function addPayByPhrases(entities: Record<string, EntityInput>): BusinessReading[] {
  const readings: BusinessReading[] = [];
  for (const [entityKey, entity] of Object.entries(entities)) {
    const means = Object.entries(entity.fields).filter(([key, f]) => {
      const words = splitWords(f.column ?? key);
      return f.hidden !== true && f.type === 'string' && words.includes(PAYMENT_WORD) && words.some((word) => among(PAYMENT_MEANS_WORDS, word));
    });
    if (means.length !== 1) continue;
    const [key, field] = means[0]!;
    const words = PAY_BY_PHRASES.filter((phrase) => !(field.synonyms ?? []).includes(phrase));
    field.synonyms = [...(field.synonyms ?? []), ...words];
    readings.push({ rule: 'names.pay-by', entity: entityKey, field: key, words, evidence: `its name says how a payment is made ("${splitWords(field.column ?? key).join(' ')}")`, confidence: 0.85 });
  }
  return readings;
}
