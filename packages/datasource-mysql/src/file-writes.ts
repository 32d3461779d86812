/**
 * `SELECT ... INTO OUTFILE` / `INTO DUMPFILE` writes a file on the database server, and MySQL allows it in
 * a READ ONLY transaction. The read-only user has no FILE privilege, but a data source connected as a
 * user that has it must still not write files, so such text is refused before it is sent. The compiler
 * never writes these words (values are bound, identifiers are quoted names from the model); this is the
 * net for any other SQL handed to the data source.
 */
import { CoreError } from '@askdata/core';

const FILE_WRITE = /\binto\s+(outfile|dumpfile)\b/i;

export function refuseFileWrites(text: string): void {
  if (FILE_WRITE.test(text)) throw new CoreError('FORBIDDEN', 'Only read-only queries may run.');
}
