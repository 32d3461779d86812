/**
 * "The different template type codes, and how many templates correspond to each": an "each" that ends the
 * question points back at the one category the question listed, on a schema this test writes. With two
 * listed categories nothing says which one "each" means, so the question is declined.
 */
import { tinyDatabase, type TinyDatabase } from './tiny-database';

let db: TinyDatabase;

beforeAll(async () => {
  db = await tinyDatabase([
    'CREATE TABLE templates (template_id INTEGER PRIMARY KEY, template_type_code TEXT, template_colour TEXT)',
    "INSERT INTO templates VALUES (1,'BK','red'),(2,'BK','blue'),(3,'PP','red'),(4,'AD','red'),(5,'BK','green')",
  ]);
});
afterAll(async () => db.close());

describe('a trailing "each"', () => {
  it('counts for every value of the one listed category', async () => {
    const answer = await db.ask('What are the different template type codes, and how many templates correspond to each?');
    const points = answer.chart?.data ?? answer.table?.rows.map((row) => ({ label: row[0], value: Number(row[1]) })) ?? [];
    expect(points).toEqual(expect.arrayContaining([{ label: 'BK', value: 3 }, { label: 'PP', value: 1 }, { label: 'AD', value: 1 }]));
    expect(points).toHaveLength(3);
  });

  it('reads "for each" at the end the same way', async () => {
    const answer = await db.ask('Show all template type codes and number of templates for each.');
    expect(answer.chart?.data).toEqual(expect.arrayContaining([{ label: 'BK', value: 3 }]));
  });

  it('declines when two categories were listed', async () => {
    const answer = await db.ask('Show the template type codes, the template colours and the number of templates for each.');
    expect(answer.planned).toBe(false);
  });
});
