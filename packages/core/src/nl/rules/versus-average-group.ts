/**
 * "customers who spent more than the average customer", "products that sold less than the average
 * product": each thing's figure (a total per customer) compared with the average of those figures over all
 * of them. The things become the breakdown and the comparison a condition on the groups (a having against
 * the average; plan/query-plan.ts). A field compared with its own average ("price above the average") is
 * rules/versus-average.ts; this reads only the average of a thing named like the rows asked for.
 */
import { entityEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import { defineRule } from './define-rule';

export const versusAverageGroup = defineRule({
  name: 'compare.versus-average-group',
  description: '"customers who spent more than the average customer": a figure per customer, kept where it is above (or below) the average over the customers.',
  examples: [
    { schema: 'shop', question: 'Total revenue of customers above the average customer', expect: 'aggregate orders: sum(orders.revenue) by customers.name having measure0 gt avg' },
    { schema: 'shop', question: 'Number of orders of customers below the average customer', expect: 'aggregate orders: order_count by customers.name having measure0 lt avg' },
  ],
  counterExamples: [
    // The average of a field is a comparison of each row (rules/versus-average.ts).
    { schema: 'shop', question: 'Which products have a price higher than the average?', expect: 'list products: products.name, products.category, products.brand, products.price, products.discontinued where products.price gt avg(products.price)' },
    // "the average customer" not the things asked for: the words do not say whose figure is compared.
    { schema: 'shop', question: 'Which products sold more than the average customer?', expect: 'decline' },
    // No figure named (a verb that names no amount here): which figure is compared is not guessed.
    { schema: 'shop', question: 'Which customers spent more than the average customer?', expect: 'decline' },
  ],
  startsFrom: ['keyword:aggregate'],
  read(draft) {
    const { chunks } = draft.state;
    for (let i = 0; i < chunks.length; i++) {
      if (draft.used(i)) continue;
      const compare = keywordKind(chunks[i], 'compare');
      if (compare === undefined || (compare.op !== 'gt' && compare.op !== 'lt')) continue;
      let k = i + 1;
      const covers = [i];
      while (isNoise(chunks[k]) && chunks[k]!.text === 'the' && !draft.used(k)) covers.push(k++);
      if (draft.used(k) || keywordKind(chunks[k], 'aggregate')?.aggregation !== 'avg') continue;
      covers.push(k++);
      const thing = chunks[k];
      if (thing === undefined || thing.kind !== 'lex' || draft.used(k) || thing.plural) continue;
      const entities = entityEntries(thing.entries);
      // The things asked for, named before the comparison ("customers who ..."), are the ones averaged over.
      const subjectAt = chunks.findIndex((c, j) => j < i && c.kind === 'lex' && entityEntries(c.entries).some((e) => entities.includes(e)));
      const subject = subjectAt < 0 ? undefined : entityEntries((chunks[subjectAt] as Extract<typeof thing, { kind: 'lex' }>).entries).find((e) => entities.includes(e));
      if (subject === undefined) continue;
      covers.push(k);
      const text = covers.map((c) => chunks[c]!.text).join(' ');
      draft.propose({
        covers,
        contributions: [
          { kind: 'group', group: { kind: 'entity', entity: subject, at: subjectAt } },
          { kind: 'mark', mark: compare.op === 'gt' ? 'aboveAverageGroup' : 'belowAverageGroup', value: true },
        ],
        reason: `"${text}" keeps the ${chunks[subjectAt]!.text} whose figure is ${compare.op === 'gt' ? 'above' : 'below'} the average over all of them`,
        phrase: text,
      });
      return;
    }
  },
});
