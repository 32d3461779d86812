/**
 * Throughput under load over loopback: autocannon cycles through the benchmark questions of one answer
 * kind (text, bar, line, table) on a few keep-alive connections for a fixed time. Latency percentiles come
 * from every response's own time (autocannon's histogram rounds to whole milliseconds).
 */
import autocannon from 'autocannon';
import type { AnswerKind } from '../lib/answer-kind';
import { answerHeaders, answerPath } from '../lib/http-client';
import type { BenchQuestion } from '../lib/questions';
import { rssMb } from '../lib/server-process';
import { summarise, type Summary } from '../lib/stats';

export interface LoadResult {
  kind: AnswerKind;
  questions: number;
  answersPerSecond: number;
  latency: Summary;
  errors: number;
  peakRssMb: number;
}

export interface LoadOptions {
  baseUrl: string;
  pid: number;
  connections: number;
  durationS: number;
}

export function loadOneKind(options: LoadOptions, kind: AnswerKind, questions: readonly BenchQuestion[]): Promise<LoadResult> {
  const requests = questions.map((q) => ({ method: 'POST' as const, path: answerPath, headers: answerHeaders, body: JSON.stringify({ question: q.question, context: q.context }) }));
  const latencies: number[] = [];
  let peakRssMb = 0;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(options.pid).server)), 250);
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: options.baseUrl, connections: options.connections, duration: options.durationS, requests }, (error, result) => {
      clearInterval(sampler);
      if (error) return reject(error);
      resolve({
        kind,
        questions: questions.length,
        answersPerSecond: (result.requests.total - result.non2xx) / result.duration,
        latency: summarise(latencies),
        errors: result.errors + result.timeouts + result.non2xx,
        peakRssMb,
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
  });
}
