/** A block of docs/benchmarks.md that one bench command owns between two markers, kept when others rewrite the file. */
export interface ReportBlock {
  begin: string;
  end: string;
}

export function blockOf(markdown: string, block: ReportBlock): string {
  const start = markdown.indexOf(block.begin);
  const end = markdown.indexOf(block.end);
  return start >= 0 && end > start ? markdown.slice(start, end + block.end.length) : '';
}

/** The report with the block replaced by `text` (or appended when the report has none). */
export function withBlock(markdown: string, block: ReportBlock, text: string): string {
  if (text === '') return markdown;
  const current = blockOf(markdown, block);
  if (current !== '') return markdown.replace(current, text);
  return `${markdown.trimEnd()}\n\n${text}\n`;
}
