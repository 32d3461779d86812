import { parseTimings } from './cli';

test('parseTimings reads the line `askdata ask --timings` prints', () => {
  const line = 'timings: start-up and module loading 612 ms; store 231 ms and model + value index 402 ms in parallel: 420 ms; answer + store write 41 ms; total 1290 ms\n';
  expect(parseTimings(line)).toEqual({ loadMs: 612, storeMs: 231, answerDepsMs: 402, runtimeMs: 420, answerMs: 41, totalMs: 1290 });
  expect(parseTimings('timings: something else')).toBeNull();
});
