/**
 * What the long-lived structures cost: the semantic model and the value index (distinct values of the
 * indexed fields, which grow with the data), as retained heap measured between forced collections, plus
 * how long building them takes (it happens once, at start).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createValueIndex, loadIndexedValues, loadModelFile } from '@askdata/core';
import { openDataSource } from '@askdata/service';
import { msSince, nowNs } from '../lib/clock';

export interface Footprint {
  modelKb: number;
  modelLoadMs: number;
  indexedValues: number;
  valueIndexKb: number;
  valueIndexBuildMs: number;
}

/** gc() without starting Node with --expose-gc (the bench runs under plain tsx). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}

const heapKb = (): number => process.memoryUsage().heapUsed / 1024;

/** Copies kept alive at once: one copy of a few hundred KB is within the heap's own noise. */
const COPIES = 10;

export async function measureFootprint(dataSourceUrl: string, modelPath: string): Promise<Footprint> {
  const gc = collector();
  const dataSource = await openDataSource(dataSourceUrl);
  try {
    gc();
    let before = heapKb();
    let t = nowNs();
    const models = Array.from({ length: COPIES }, () => loadModelFile(modelPath));
    const modelLoadMs = msSince(t) / COPIES;
    gc();
    const modelKb = (heapKb() - before) / COPIES;
    const model = models[0];
    if (!model) throw new Error('no model loaded');
    // Loading runs SELECT DISTINCT per indexed field, as createAnswerDeps does at start; timed once.
    t = nowNs();
    const values = await loadIndexedValues(model, dataSource);
    const first = createValueIndex(values);
    const valueIndexBuildMs = msSince(t);
    gc();
    before = heapKb();
    const copies = Array.from({ length: COPIES }, () => createValueIndex(values));
    gc();
    const valueIndexKb = (heapKb() - before) / COPIES;
    // Both arrays must stay reachable until here, or the collector would free what is being measured.
    if (copies.length + models.length !== 2 * COPIES) throw new Error('unreachable');
    return { modelKb, modelLoadMs, indexedValues: first.size, valueIndexKb, valueIndexBuildMs };
  } finally {
    await dataSource.close();
  }
}
