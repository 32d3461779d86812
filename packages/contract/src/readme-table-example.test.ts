/**
 * The README's v1 table example ("What you get back") is an answer the contract accepts: the fields a
 * new user copies from it (`headers`, `rows` of strings) are the ones the server sends, not the legacy
 * `head`/`body`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { legacyAnswerSchema, v1AnswerSchema } from './answer-schemas';

const README = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

function tableExample(): unknown {
  const section = README.slice(README.indexOf('A v1 table is `headers`'));
  const block = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (block === undefined) throw new Error('README: no JSON example after "A v1 table is `headers`"');
  return JSON.parse(block);
}

describe('README table example', () => {
  it('is a v1 table answer, and not a legacy one', () => {
    const answer = v1AnswerSchema.parse(tableExample());
    if (answer.type !== 'table') throw new Error(`README: the table example is a ${answer.type} answer`);
    expect(answer.table.rows.length).toBeGreaterThan(0);
    expect(legacyAnswerSchema.safeParse(tableExample()).success).toBe(false);
  });
});
