import type { EvalItem } from '../lib/question-set';
import { runOnTarget } from '../lib/run-set';
import { businessDatabasePath, loadBusinessQuestions, toBusinessItem } from './business-set';

describe('business set', () => {
  const questions = loadBusinessQuestions();

  it('loads 223 questions over 10 databases: 20 to decline, 12 follow-ups each with its opening question', () => {
    expect(questions).toHaveLength(223);
    expect(new Set(questions.map((q) => q.db)).size).toBe(10);
    const items = questions.map(toBusinessItem);
    expect(items.filter((i) => 'decline' in i.gold)).toHaveLength(20);
    expect(items.filter((i) => i.opening !== undefined)).toHaveLength(12);
    // The questions with two readings keep the second as also right.
    expect(items.filter((i) => 'sql' in i.gold && (i.gold.alsoRight?.length ?? 0) > 0).length).toBeGreaterThan(0);
  });

  const store = questions.find((q) => q.db === 'customers_campaigns_ecommerce')!;
  const path = businessDatabasePath(store);
  const item = (over: Partial<EvalItem>): EvalItem => ({ id: 'probe', class: 'total', question: 'How many customers do we have?', gold: { sql: 'SELECT count(*) FROM Customers' }, ordered: false, ...over });

  it('counts an answer right when it matches any one gold, and wrong when it matches none', async () => {
    const [onlyWrongGold, secondGoldRight] = await runOnTarget(
      [item({ id: 'a', gold: { sql: 'SELECT count(*) + 1 FROM Customers' } }), item({ id: 'b', gold: { sql: 'SELECT count(*) + 1 FROM Customers', alsoRight: ['SELECT count(*) FROM Customers'] } })],
      { enginePath: path },
      () => undefined,
    );
    expect(onlyWrongGold?.verdict).toBe('wrong');
    expect(secondGoldRight?.verdict).toBe('right');
  });

  it('asks a follow-up after its opening question, in the same conversation', async () => {
    const followUp = { question: 'Only in 2015.', gold: { sql: "SELECT count(*) FROM Customer_Orders WHERE strftime('%Y', order_placed_datetime) = '2015'" } };
    const [alone, afterOpening] = await runOnTarget(
      [item({ id: 'alone', ...followUp }), item({ id: 'after', ...followUp, opening: 'How many orders do we have?' })],
      { enginePath: path },
      () => undefined,
    );
    expect(alone?.answered).toBe(false);
    expect(afterOpening?.verdict).toBe('right');
  });
});
