/**
 * Everyday words for the nouns databases are named with, where WordNet's senses miss how people talk about
 * their data: WordNet files "staff" under personnel and "employee" under worker, "goods" under commodity
 * and "product" under merchandise, "division" and "department" as sister administrative units, so none of
 * them is a synonym of the other there, while a person asking about their company uses them as one. A model
 * name (singular, lower case) -> the words people use for it; lexical/everyday-synonyms.ts reads them
 * exactly like WordNet's synonyms.
 *
 * Kept as our own list: no maintained package carries a business-English thesaurus; every entry is a
 * general English near-synonym, never a name from one schema.
 */
import { wordList } from './word-family';

export const EVERYDAY_SYNONYMS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['employee', wordList('staff', 'worker', 'personnel')],
  ['staff', wordList('employee', 'worker')],
  ['customer', wordList('client', 'buyer')],
  ['client', wordList('customer')],
  ['product', wordList('goods', 'item', 'merchandise')],
  ['item', wordList('product', 'goods')],
  ['document', wordList('file', 'paper')],
  ['company', wordList('enterprise', 'firm', 'business')],
  ['department', wordList('division')],
  ['course', wordList('curriculum', 'class', 'subject')],
  ['type', wordList('category', 'kind', 'sort')],
  ['category', wordList('type', 'kind')],
  ['address', wordList('location')],
  ['city', wordList('town')],
  ['town', wordList('city')],
  ['salary', wordList('wage', 'pay')],
  ['phone', wordList('telephone')],
  ['pilot', wordList('aviator')],
  ['movie', wordList('film')],
  ['film', wordList('movie')],
  ['aircraft', wordList('airplane', 'plane')],
  ['trip', wordList('tour', 'journey')],
  ['physician', wordList('doctor')],
  ['doctor', wordList('physician')],
  ['instructor', wordList('teacher', 'tutor')],
  ['teacher', wordList('instructor', 'tutor')],
  ['professor', wordList('teacher', 'lecturer')],
  ['shop', wordList('store')],
  ['store', wordList('shop')],
  ['booking', wordList('reservation')],
  ['reservation', wordList('booking')],
  ['headquarters', wordList('head office')],
  ['competition', wordList('contest')],
  ['device', wordList('equipment', 'gadget')],
  ['occupation', wordList('job')],
  ['job', wordList('occupation', 'position')],
  ['paper', wordList('article')],
  ['route', wordList('path')],
  ['bike', wordList('bicycle')],
];
