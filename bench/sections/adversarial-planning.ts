/**
 * Planning hostile questions at the maximum length (issue 25, item 1): one 1,000-letter word, hundreds of
 * short or misspelt words, repeated "and"/"or", quotes, numbers and date phrases, and seeded random mixes,
 * each as long as a request may be (MAX_QUESTION_LENGTH, 1,000 characters by default). Planning runs on the
 * event loop, so its worst case is what another request waits for; the target is on the maximum (p100).
 * Each question is planned exactly as answer-question.ts plans it (the service's planner, the tenant's values).
 */
import { resolveTenantScope } from '@askdata/core';
import type { BuiltAnswerDeps } from '@askdata/service';
import { msSince, nowNs } from '../lib/clock';
import { measureMachinePauses, type MachinePauses } from '../lib/machine-pauses';
import { summarise, type Summary } from '../lib/stats';

/** The request schemas' default MAX_QUESTION_LENGTH. */
export const HOSTILE_LENGTH = 1000;
export const HOSTILE_TARGET_MS = 50;

export interface HostileFamily {
  name: string;
  questions: number;
  /** Milliseconds per plan, over every question of the family and every round. */
  summary: Summary;
  /**
   * The process's CPU milliseconds (user + system) per plan: the planning work itself. On a shared machine
   * the wall time also holds time the process waited to be scheduled; the CPU time does not.
   */
  /** Absent in results stored before CPU time was measured. */
  cpu?: Summary;
  /** The family's slowest question, by the median of its plans: what planning that question costs. */
  slowestQuestionMedian?: number;
}

/**
 * A plan that took longer than the target, planned again: a deterministic planner that is slow on a
 * question is slow every time, while a plan that was descheduled or caught a collection is not slow when
 * repeated.
 */
export interface SlowPlanRetry {
  family: string;
  wallMs: number;
  /** The fastest and slowest of the repeats, in milliseconds. */
  repeatMinMs: number;
  repeatMaxMs: number;
}

export interface AdversarialReport {
  length: number;
  rounds: number;
  families: HostileFamily[];
  all: Summary;
  allCpu?: Summary;
  /** Absent in results stored before these were measured. */
  slowestQuestionMedian?: number;
  slowPlans?: SlowPlanRetry[];
  machinePauses?: MachinePauses;
}

export const REPEATS_OF_A_SLOW_PLAN = 5;

/** A seeded generator, so every run plans the same questions. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const random = seeded(20_250_125);
const letters = (n: number): string => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** `piece()` repeated, space separated, cut at the maximum length. */
function filled(piece: () => string): string {
  let text = '';
  while (text.length < HOSTILE_LENGTH) text += `${text === '' ? '' : ' '}${piece()}`;
  return text.slice(0, HOSTILE_LENGTH);
}

const MIX = [
  'revenue', 'orders', 'customers', 'by', 'category', 'and', 'or', 'not', 'top', '5', 'last month', 'since', 'between', 'march 3rd',
  'the quarter before that', '"laptop"', 'iphoen', 'reveneu', 'new york', 'per', 'vs', 'of the', '$500', '3/4/2026', 'share of', 'over',
];

function families(): Array<{ name: string; questions: string[] }> {
  return [
    { name: 'one 1,000-letter word', questions: [letters(HOSTILE_LENGTH), letters(HOSTILE_LENGTH)] },
    { name: '4-letter random words', questions: [filled(() => letters(4)), filled(() => letters(4))] },
    { name: '9-letter random words (two typos allowed)', questions: [filled(() => letters(9)), filled(() => letters(9))] },
    { name: '34-letter random words (the longest probed for typos)', questions: [filled(() => letters(34))] },
    { name: 'misspelt values and model words', questions: [filled(() => 'iphoen 15 por'), filled(() => 'reveneu custmers philadelpia')] },
    { name: 'repeated "and" / "or"', questions: [`revenue ${filled(() => 'laptops and')}`, `revenue ${filled(() => 'laptops or')}`] },
    { name: 'quotes', questions: [filled(() => '"a"'), filled(() => `"${letters(5)}"`)] },
    { name: 'numbers', questions: [filled(() => String(Math.floor(random() * 10_000))), filled(() => '12')] },
    { name: 'date phrases', questions: [filled(() => 'last month'), filled(() => 'march 3rd 2026'), filled(() => 'between january and june'), filled(() => 'the quarter before that')] },
    { name: 'one-letter words between hyphens', questions: [filled(() => 'a-b')] },
    { name: 'seeded random mixes', questions: Array.from({ length: 20 }, () => filled(() => pick(MIX))) },
  ];
}

export async function benchAdversarialPlanning(deps: BuiltAnswerDeps, rounds: number): Promise<AdversarialReport> {
  const scope = resolveTenantScope(deps.model, { orgId: 1 });
  const values = await deps.tenantValues(scope);
  const plan = (question: string) => deps.planner.plan({ question, history: [], now: deps.clock(), timezone: deps.timezone, values });
  const timed = async (question: string): Promise<{ wall: number; cpu: number }> => {
    const t = nowNs();
    const cpu = process.cpuUsage();
    await plan(question);
    const used = process.cpuUsage(cpu);
    return { wall: msSince(t), cpu: (used.user + used.system) / 1000 };
  };
  const all: number[] = [];
  const allCpu: number[] = [];
  const slow: Array<{ family: string; question: string; wallMs: number }> = [];
  const out: HostileFamily[] = [];
  const started = nowNs();
  for (const family of families()) {
    const samples: number[] = [];
    const cpuSamples: number[] = [];
    let slowestQuestionMedian = 0;
    for (const question of family.questions) {
      await plan(question); // warm-up
      const questionSamples: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const { wall, cpu } = await timed(question);
        questionSamples.push(wall);
        cpuSamples.push(cpu);
        if (wall >= HOSTILE_TARGET_MS) slow.push({ family: family.name, question, wallMs: wall });
      }
      samples.push(...questionSamples);
      slowestQuestionMedian = Math.max(slowestQuestionMedian, summarise(questionSamples).median);
    }
    all.push(...samples);
    allCpu.push(...cpuSamples);
    out.push({ name: family.name, questions: family.questions.length, summary: summarise(samples), cpu: summarise(cpuSamples), slowestQuestionMedian });
  }
  // As long again as the plans took, the same process does nothing but read the clock.
  const machinePauses = measureMachinePauses(msSince(started));
  const slowPlans: SlowPlanRetry[] = [];
  for (const { family, question, wallMs } of slow) {
    const repeats: number[] = [];
    for (let i = 0; i < REPEATS_OF_A_SLOW_PLAN; i++) repeats.push((await timed(question)).wall);
    slowPlans.push({ family, wallMs, repeatMinMs: Math.min(...repeats), repeatMaxMs: Math.max(...repeats) });
  }
  return {
    length: HOSTILE_LENGTH,
    rounds,
    families: out,
    all: summarise(all),
    allCpu: summarise(allCpu),
    slowestQuestionMedian: Math.max(...out.map((f) => f.slowestQuestionMedian ?? 0)),
    slowPlans,
    machinePauses,
  };
}
