/**
 * Speed check for the rules planner on the demo model (not a test):
 *   npx tsx packages/core/test/support/bench-rules-planner.ts
 * Prints the median and p99 time to parse and plan one question, after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { createRulesPlanner } from '../../src/nl/rules-planner';
import { createValueIndex } from '../../src/nl/lex/value-index';
import { NOW, demoModel, demoValues } from './demo-model';

const questions = [
  'How many orders did we get last month?', 'Revenue by category', 'Top 5 customers by spend', 'List orders over $500 in Laptop',
  'Revenue by month for the last 12 months', 'Average rating of products in Gaming', 'Which city has the most customers?',
  'Best-selling products', 'Revenue excluding laptops', 'Orders with at least 3 items', 'Revenue between January and June 2026',
  'Total tax in 2025 by quarter', 'How many orders of iPhone 15 this year?', 'Revenue for Apple Wacth', 'what is the weather in Paris',
  'revenue by colour', 'Which product has the highest price?', 'Revenue by month as a table', 'How much did we make last month?',
  'Orders from 2025-01-01 to 2025-03-31', 'bottom three categories by revenue since March', 'average order value by city in Q3 2025',
  'how many different customers placed orders last month', 'how many orders per customer', 'what share of revenue comes from laptops',
  'revenue this month vs last month', 'laptop vs phone revenue', 'revenue per customer',
];

const setupStart = performance.now();
const planner = createRulesPlanner({ model: demoModel(), valueIndex: createValueIndex(demoValues) });
const setupMs = performance.now() - setupStart;
const ask = (question: string) => planner.planSync({ question, history: [], now: NOW, timezone: 'UTC' });

for (let i = 0; i < 200; i++) for (const q of questions) ask(q);
const samples: number[] = [];
for (let round = 0; round < 200; round++) {
  for (const q of questions) {
    const start = performance.now();
    ask(q);
    samples.push(performance.now() - start);
  }
}
samples.sort((a, b) => a - b);
const at = (p: number): number => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;
const us = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
process.stdout.write(
  `rules planner, demo model: ${samples.length} plans; median ${us(at(0.5))}, p90 ${us(at(0.9))}, p99 ${us(at(0.99))}, max ${us(samples.at(-1)!)}; construction ${setupMs.toFixed(1)} ms\n`,
);
