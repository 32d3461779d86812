/**
 * Everyday words for the nouns databases are named with, where WordNet's senses miss how people talk about
 * their data: WordNet files "staff" under personnel and "employee" under worker, "goods" under commodity
 * and "product" under merchandise, "division" and "department" as sister administrative units, so none of
 * them is a synonym of the other there, while a person asking about their company uses them as one. This
 * is a small thesaurus of such pairs (a model name -> the words people use for it), read exactly like
 * WordNet's synonyms: a word is only added where one model name implies it and the schema does not already
 * use it (nl/lex/lexical-vocabulary.ts), so "staff" never shadows a table called staff.
 *
 * Kept as our own list: no maintained package carries a business-English thesaurus; every entry is a
 * general English near-synonym, never a name from one schema.
 */
const EVERYDAY: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['employee', ['staff', 'worker', 'personnel']],
  ['staff', ['employee', 'worker']],
  ['customer', ['client', 'buyer']],
  ['client', ['customer']],
  ['product', ['goods', 'item', 'merchandise']],
  ['item', ['product', 'goods']],
  ['document', ['file', 'paper']],
  ['company', ['enterprise', 'firm', 'business']],
  ['department', ['division']],
  ['course', ['curriculum', 'class', 'subject']],
  ['type', ['category', 'kind', 'sort']],
  ['category', ['type', 'kind']],
  ['address', ['location']],
  ['city', ['town']],
  ['town', ['city']],
  ['salary', ['wage', 'pay']],
  ['phone', ['telephone']],
  ['pilot', ['aviator']],
  ['movie', ['film']],
  ['film', ['movie']],
  ['aircraft', ['airplane', 'plane']],
  ['trip', ['tour', 'journey']],
  ['physician', ['doctor']],
  ['doctor', ['physician']],
  ['instructor', ['teacher', 'tutor']],
  ['teacher', ['instructor', 'tutor']],
  ['professor', ['teacher', 'lecturer']],
  ['shop', ['store']],
  ['store', ['shop']],
  ['booking', ['reservation']],
  ['reservation', ['booking']],
  ['headquarters', ['head office']],
  ['competition', ['contest']],
  ['device', ['equipment', 'gadget']],
  ['occupation', ['job']],
  ['job', ['occupation', 'position']],
  ['paper', ['article']],
  ['route', ['path']],
  ['bike', ['bicycle']],
];

const BY_NAME = new Map<string, readonly string[]>(EVERYDAY);

/** The everyday words for a model noun (singular, lower case): "employee" -> staff, worker, personnel. */
export function everydaySynonyms(noun: string): readonly string[] {
  return BY_NAME.get(noun) ?? [];
}
