/** "as a table", "bar chart", "line chart", "as text": how the answer should be shown. */
import { keywordKind } from '../lex/chunk-queries';
import { defineRule } from './define-rule';

export const askedForm = defineRule({
  name: 'presentation.asked-form',
  description: 'A presentation phrase ("as a table", "bar chart") sets how the answer is shown.',
  examples: [{ schema: 'shop', question: 'Revenue by category as a table', expect: 'aggregate orders: sum(orders.revenue) by products.category as table' }, { schema: 'shop', question: 'Number of orders by month as a line chart', expect: 'aggregate orders: order_count by orders.order_date/month as line' }],
  counterExamples: [{ schema: 'shop', question: 'How many orders of the Bar Chart Poster?', expect: 'aggregate orders: order_count where products.name eq Bar Chart Poster' }],
  startsFrom: ['keyword:present'],
  read(draft) {
    draft.state.chunks.forEach((chunk, i) => {
      const present = keywordKind(chunk, 'present');
      if (present === undefined || draft.used(i)) return;
      draft.propose({ covers: [i], contributions: [{ kind: 'presentation', presentation: present.presentation }], reason: `asks for the answer as ${present.presentation}` });
    });
  },
});
