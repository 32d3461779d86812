/** Questions that the demo model answers with each answer shape (the README's "What you get back" table). */
export const QUESTIONS = {
  text: 'How many orders are there?',
  bar: 'Revenue by category last month',
  line: 'Orders by month this year',
  table: 'Top 5 customers by spend',
} as const;

export const CONTEXT = { orgId: 1 };
