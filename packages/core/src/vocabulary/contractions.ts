/**
 * Negative contractions by their bare spelling, apostrophe dropped ("haven't", "haven’t" and "havent" are all
 * `havent`), each with the verb its "not" follows. nl/lex/contractions.ts reads them as two words.
 */
export const NEGATIVE_CONTRACTION_VERBS: ReadonlyArray<readonly [contraction: string, verb: string]> = [
  ['havent', 'have'],
  ['hasnt', 'has'],
  ['hadnt', 'had'],
  ['dont', 'do'],
  ['doesnt', 'does'],
  ['didnt', 'did'],
  ['isnt', 'is'],
  ['arent', 'are'],
  ['wasnt', 'was'],
  ['werent', 'were'],
  ['wont', 'will'],
  ['cant', 'can'],
  ['cannot', 'can'],
  ['shouldnt', 'should'],
  ['couldnt', 'could'],
  ['wouldnt', 'would'],
];
