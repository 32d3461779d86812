/** The list of gold fixes a set applies, with the reason for each, for docs/accuracy.md. */
export interface FixLine {
  label: string;
  original: string;
  fixed: string;
  reason: string;
}

const code = (sql: string): string => `\`${sql.replace(/\|/g, '\\|')}\``;

export function fixesMarkdown(title: string, file: string, fixes: readonly FixLine[]): string {
  return [
    `### ${title} gold fixes (${fixes.length})`,
    '',
    `Published gold queries we consider wrong, replaced by ${file}. Besides these, every gold query has its double-quoted string literals rewritten to single quotes (SQLite without the legacy DQS switch rejects them); that changes no meaning.`,
    '',
    ...(fixes.length === 0
      ? ['None.']
      : ['| question | published | fixed | why |', '| --- | --- | --- | --- |', ...fixes.map((f) => `| ${f.label} | ${code(f.original)} | ${code(f.fixed)} | ${f.reason.replace(/\|/g, '\\|')} |`)]),
  ].join('\n');
}
