/**
 * The text rendering of an answer that goes beside its structured content in an MCP tool result, for
 * assistants that read only text: the message, then the chart's points or the table as Markdown.
 */
import type { V1Answer } from '@askdata/contract';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function answerText(answer: V1Answer): string {
  const lines = [answer.message];
  if (answer.chart) {
    lines.push('', `${answer.chart.title ?? 'Chart'} (${answer.chart.type} chart)`);
    for (const point of answer.chart.data) lines.push(`- ${point.label}: ${point.value}`);
  }
  if (answer.table) {
    lines.push('', `| ${answer.table.headers.map(cell).join(' | ')} |`, `|${answer.table.headers.map(() => ' --- ').join('|')}|`);
    for (const row of answer.table.rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  }
  lines.push('', `(answerId ${answer.id}, conversationId ${answer.conversationId})`);
  return lines.join('\n');
}
