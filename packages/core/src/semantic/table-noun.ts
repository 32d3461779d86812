/**
 * The noun a table name stands for, without the decoration schemas add: "cars_data" -> "cars",
 * "model_list" -> "model", "Ref_Template_Types" -> "template types", "tbl_orders" -> "orders". Used for
 * entity labels and for recognising a table's own name column ("Airline" in airlines).
 */
import { splitWords } from './humanize';

const PREFIXES = new Set(['ref', 'tbl', 'tb', 'dim', 'fact', 'lkp', 'lookup', 'lu', 't']);
const SUFFIXES = new Set(['data', 'list', 'info', 'information', 'details', 'detail', 'table', 'tbl', 'master', 'records', 'record', 'lookup', 'ref']);

export function tableNoun(name: string): string {
  const words = splitWords(name);
  while (words.length > 1 && PREFIXES.has(words[0]!)) words.shift();
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}
