/**
 * "customers who spent more than the average customer", "customers with more orders than the average
 * customer", "departments with more employees than average": each thing's figure (a total per customer) compared with the average of those figures over all
 * of them. The things become the breakdown and the comparison a condition on the groups (a having against
 * the average; plan/query-plan.ts). A field compared with its own average ("price above the average") is
 * rules/versus-average.ts; this reads only the average of a thing named like the rows asked for.
 */
import { entityEntries, isNoise, keywordKind } from '../lex/chunk-queries';
import type { Draft } from '../kernel/draft';
import { defineRule } from './define-rule';

/** "more orders than", "fewer employees than": the comparison and the things it counts, at `i`. */
function countedBetween(draft: Draft, i: number): { op: 'gt' | 'lt'; entity: string } | undefined {
  const { chunks } = draft.state;
  const word = chunks[i]?.text;
  const op = word === 'more' ? 'gt' : word === 'fewer' || word === 'less' ? 'lt' : undefined;
  const noun = chunks[i + 1];
  if (op === undefined || noun?.kind !== 'lex' || !noun.plural || draft.used(i + 1) || chunks[i + 2]?.text !== 'than' || draft.used(i + 2)) return undefined;
  const entity = entityEntries(noun.entries)[0];
  return entity === undefined ? undefined : { op, entity };
}

export const versusAverageGroup = defineRule({
  name: 'compare.versus-average-group',
  description: '"customers who spent more than the average customer": a figure per customer, kept where it is above (or below) the average over the customers.',
  examples: [
    { schema: 'shop', question: 'Total revenue of customers above the average customer', expect: 'aggregate orders: sum(orders.revenue) by customers.name having measure0 gt avg' },
    { schema: 'shop', question: 'Number of orders of customers below the average customer', expect: 'aggregate orders: order_count by customers.name having measure0 lt avg' },
    { schema: 'shop', question: 'Which customers have more orders than the average customer?', expect: 'aggregate orders: count by customers.name having measure0 gt avg' },
    { schema: 'company', question: 'Which employees support more customers than average?', expect: 'aggregate customer: count by employee.full_name having measure0 gt avg' },
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
      // "more orders than the average customer": the things counted sit between "more" and "than".
      const counted = compare === undefined ? countedBetween(draft, i) : undefined;
      const op = compare?.op ?? counted?.op;
      if (op !== 'gt' && op !== 'lt') continue;
      let k = counted === undefined ? i + 1 : i + 3;
      const covers = counted === undefined ? [i] : [i, i + 1, i + 2];
      while (isNoise(chunks[k]) && chunks[k]!.text === 'the' && !draft.used(k)) covers.push(k++);
      if (draft.used(k) || keywordKind(chunks[k], 'aggregate')?.aggregation !== 'avg') continue;
      covers.push(k++);
      const thing = chunks[k];
      // "more employees than average": the things averaged over are the ones asked for.
      const bare = counted !== undefined && (thing === undefined || thing.kind !== 'lex' || draft.used(k));
      if (!bare && (thing === undefined || thing.kind !== 'lex' || draft.used(k) || thing.plural)) continue;
      const named = bare || thing?.kind !== 'lex' ? undefined : entityEntries(thing.entries);
      // The things asked for, named before the comparison ("customers who ..."), are the ones averaged over.
      const subjectAt = chunks.findIndex((c, j) => j < i && c.kind === 'lex' && entityEntries(c.entries).some((e) => named === undefined || named.includes(e)));
      const subjectChunk = chunks[subjectAt];
      const subject = subjectChunk?.kind !== 'lex' ? undefined : entityEntries(subjectChunk.entries).find((e) => named === undefined || named.includes(e));
      if (subject === undefined || subject === counted?.entity) continue;
      if (!bare) covers.push(k);
      const text = covers.map((c) => chunks[c]!.text).join(' ');
      draft.propose({
        covers,
        contributions: [
          { kind: 'group', group: { kind: 'entity', entity: subject, at: subjectAt } },
          ...(counted === undefined ? [] : [{ kind: 'measure' as const, measure: { kind: 'count' as const, entity: counted.entity } }]),
          { kind: 'mark', mark: op === 'gt' ? 'aboveAverageGroup' : 'belowAverageGroup', value: true },
        ],
        reason: `"${text}" keeps the ${chunks[subjectAt]!.text} whose figure is ${op === 'gt' ? 'above' : 'below'} the average over all of them`,
        phrase: text,
      });
      return;
    }
  },
});
