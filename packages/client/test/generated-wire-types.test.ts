/**
 * The wire type files in src/ are what the generator makes from the contract today: a contract change
 * that the files do not show fails here until the client is built again (`npm run build -w @askdata/client`
 * or `npm pack`, which write them).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateWireTypes } from '../codegen/generate-wire-types';

describe('the generated wire type files', () => {
  const generated = generateWireTypes();

  it.each(Object.keys(generated))('%s is the generator\u2019s output for the contract as it is', (file) => {
    expect(readFileSync(join(__dirname, '..', 'src', file), 'utf8')).toBe(generated[file as keyof typeof generated]);
  });
});
