/**
 * What an import did not carry, and why: nothing is dropped silently. Each entry names the file and the path
 * inside it, so the author can find the element; the import still succeeds with the rest.
 */

export interface Where {
  file: string;
  /** Path inside the document, e.g. `semantic_model[0].metrics[3]`. */
  path: string;
}

export interface NotCarried extends Where {
  /** What the element is, in the source's own words ("derived metric gross_profit"). */
  element: string;
  reason: string;
}

export interface Note extends Partial<Where> {
  message: string;
}

export interface VerifiedQuery extends Where {
  question: string;
  sql: string;
}

export type SourceFormat = 'ossie' | 'dbt' | 'snowflake';

export class ImportReport {
  readonly notCarried: NotCarried[] = [];
  /** Choices the import made that the author may want to check (a type assumed, a default picked). */
  readonly notes: Note[] = [];
  readonly verifiedQueries: VerifiedQuery[] = [];

  constructor(readonly format: SourceFormat, readonly sources: readonly string[]) {}

  skip(where: Where, element: string, reason: string): void {
    this.notCarried.push({ ...where, element, reason });
  }

  note(message: string, where?: Where): void {
    this.notes.push(where === undefined ? { message } : { ...where, message });
  }
}

export interface CarriedCounts {
  entities: number;
  fields: number;
  measures: number;
  ratios: number;
  relations: number;
  synonyms: number;
  valueHints: number;
}

const FORMAT_NAMES: Record<SourceFormat, string> = { ossie: 'Apache Ossie (OSI)', dbt: 'dbt semantic models', snowflake: 'Snowflake semantic model' };

/** The report as the CLI prints it: counts, then every element not carried, then the notes. */
export function formatReport(report: ImportReport, carried: CarriedCounts, extra: readonly string[] = []): string {
  const lines = [
    `Imported ${FORMAT_NAMES[report.format]} from ${report.sources.join(', ')}`,
    `  carried: ${carried.entities} entities, ${carried.fields} fields, ${carried.measures} measures (${carried.ratios} ratios), ${carried.relations} join paths, ${carried.synonyms} synonyms, ${carried.valueHints} fields with value hints`,
  ];
  if (report.notCarried.length === 0) lines.push('  not carried: nothing');
  else {
    lines.push(`  not carried (${report.notCarried.length}):`);
    for (const item of report.notCarried) lines.push(`    - ${item.file}: ${item.path}: ${item.element}: ${item.reason}`);
  }
  if (report.notes.length > 0) {
    lines.push(`  notes (${report.notes.length}):`);
    for (const note of report.notes) lines.push(`    - ${note.file === undefined ? '' : `${note.file}: ${note.path}: `}${note.message}`);
  }
  for (const line of extra) lines.push(`  ${line}`);
  return `${lines.join('\n')}\n`;
}
