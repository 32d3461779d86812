/**
 * A CSV file is checked row by row as it is loaded, so a malformed file fails at open, not on the tenth
 * question. DuckDB's sniffer is forgiving on purpose: a file whose rows disagree on their column count is
 * read as one text column split on nothing, which would "work" and answer nonsense. So the delimiter is
 * taken from the header line (the most frequent of , ; tab |, which a header rarely contains by accident)
 * and the load runs with DuckDB's rejects table; the first rejected row becomes the error
 * `<file>:<line>:<column>: <reason>`, the form editors and terminals turn into a link.
 */
import { openSync, readSync, closeSync, readFileSync } from 'node:fs';
import { CoreError } from '@askdata/core';
import { driverMessage } from './duckdb-errors';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The first line of the file (the header). */
export function headerLine(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('utf8').split(/\r?\n/, 1)[0] ?? '';
  } finally {
    closeSync(fd);
  }
}

/** The delimiter the header line uses most, or undefined for a one-column file (then DuckDB sniffs). */
export function headerDelimiter(header: string): string | undefined {
  {
    let best: { delimiter: string; count: number } | undefined;
    for (const delimiter of DELIMITERS) {
      const count = header.split(delimiter).length - 1;
      if (count > 0 && (best === undefined || count > best.count)) best = { delimiter, count };
    }
    return best?.delimiter;
  }
}

export interface CsvReject {
  line: number;
  /** Where in the file the rejected field starts (bytes from the start of the file), when DuckDB knows. */
  bytePosition: number | undefined;
  reason: string;
}

/**
 * A row of DuckDB's rejects table as a reject. DuckDB reports CAST errors one byte past the field's start
 * (every other error type at the start), measured on DuckDB 1.5; the column printed is where the field starts.
 */
export function rejectOf(row: Record<string, unknown>): CsvReject {
  const position = row.byte_position === null || row.byte_position === undefined ? undefined : Number(row.byte_position);
  const bytePosition = position !== undefined && row.error_type === 'CAST' ? position - 1 : position;
  return { line: Number(row.line), bytePosition, reason: String(row.error_message) };
}

/** The 1-based column of a byte offset on a 1-based line (counted in characters, as editors do). */
function columnOf(file: string, line: number, bytePosition: number | undefined): number {
  if (bytePosition === undefined) return 1;
  const bytes = readFileSync(file);
  let lineStart = 0;
  for (let current = 1; current < line; current++) {
    const newline = bytes.indexOf(0x0a, lineStart);
    if (newline < 0) return 1;
    lineStart = newline + 1;
  }
  if (bytePosition < lineStart) return 1;
  // A missing field is reported past the end of its line: point just after the line's last character.
  const lineEnd = bytes.indexOf(0x0a, lineStart);
  const end = Math.min(bytePosition, lineEnd < 0 ? bytes.length : lineEnd);
  return bytes.subarray(lineStart, end).toString('utf8').replace(/\r$/, '').length + 1;
}

export function malformedCsvError(file: string, reject: CsvReject): CoreError {
  const column = columnOf(file, reject.line, reject.bytePosition);
  const location = `${file}:${reject.line}:${column}`;
  return new CoreError('DATASOURCE_UNAVAILABLE', `${location}: ${reject.reason}`, { details: { file, line: reject.line, column } });
}

/** A file DuckDB could not read at all (not even sniffed): the error still names the file. */
export function unreadableFileError(file: string, error: unknown): CoreError {
  const message = driverMessage(error);
  const reason = message.split('\n')[0]?.trim() ?? message;
  return new CoreError('DATASOURCE_UNAVAILABLE', `${file}:1:1: ${reason}`, { details: { file, line: 1, column: 1 }, cause: error });
}
