/** Writes the generated wire type files into packages/client/src (the client's build.mjs runs this first). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateWireTypes } from './generate-wire-types';

for (const [file, text] of Object.entries(generateWireTypes())) writeFileSync(join(__dirname, '..', 'src', file), text);
