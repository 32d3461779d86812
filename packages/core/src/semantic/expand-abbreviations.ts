/**
 * Column names are often abbreviated ("FlightNo", "Fname", "qty", "order_dt"); questions use the words.
 * This expands the abbreviations schemas commonly use into those words, so an introspected field gets a
 * readable label ("flight number", "first name") and keeps its raw name as a synonym. Only whole words are
 * expanded, and "no" only as the last word of a longer name ("flight no"), where it cannot mean "no".
 */
import { lookupTable } from './name-record';

const WORDS = lookupTable<string>({
  num: 'number', nbr: 'number', nr: 'number', qty: 'quantity', amt: 'amount', dt: 'date', desc: 'description', descr: 'description',
  addr: 'address', fname: 'first name', lname: 'last name', mname: 'middle name', yr: 'year', cnt: 'count', pct: 'percent',
  dept: 'department', emp: 'employee', mgr: 'manager', loc: 'location', tel: 'telephone', avg: 'average', tot: 'total',
  cust: 'customer', prod: 'product', stu: 'student', sec: 'section', info: 'information', st: 'street', ave: 'avenue',
  dest: 'destination', src: 'source', orig: 'origin', acct: 'account', bal: 'balance', max: 'maximum', min: 'minimum', mfr: 'manufacturer', mfg: 'manufacturing', wt: 'weight',
});

/** The label with its abbreviations written out, or undefined when nothing is abbreviated. */
export function expandAbbreviations(label: string): string | undefined {
  // "LName" splits into "l name": a one-letter initial before "name" is first, last or middle.
  const initial = /^([flm]) name$/.exec(label);
  if (initial !== null) return `${{ f: 'first', l: 'last', m: 'middle' }[initial[1] as 'f' | 'l' | 'm']} name`;
  const words = label.split(' ');
  let changed = false;
  const out = words.map((word, i) => {
    const expanded = WORDS[word] ?? (word === 'no' && i === words.length - 1 && words.length > 1 ? 'number' : undefined);
    if (expanded === undefined) return word;
    changed = true;
    return expanded;
  });
  return changed ? out.join(' ') : undefined;
}
