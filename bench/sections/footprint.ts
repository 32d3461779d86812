/**
 * What the long-lived structures cost: the semantic model and the value index (distinct values of the
 * indexed fields, which grow with the data), as retained heap measured between forced collections, plus
 * how long building them takes (it happens once, at start).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createValueIndex, loadIndexedValues, loadModelFile, openDataSource } from '@askdata/core';
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

export async function measureFootprint(dataSourceUrl: string, modelPath: string): Promise<Footprint> {
  const gc = collector();
  const dataSource = await openDataSource(dataSourceUrl);
  try {
    gc();
    let before = heapKb();
    let t = nowNs();
    const model = loadModelFile(modelPath);
    const modelLoadMs = msSince(t);
    gc();
    const modelKb = heapKb() - before;
    before = heapKb();
    t = nowNs();
    // Loading (SELECT DISTINCT per indexed field) and building, as createAnswerDeps does at start.
    const index = createValueIndex(await loadIndexedValues(model, dataSource));
    const valueIndexBuildMs = msSince(t);
    gc();
    const valueIndexKb = heapKb() - before;
    return { modelKb, modelLoadMs, indexedValues: index.size, valueIndexKb, valueIndexBuildMs };
  } finally {
    await dataSource.close();
  }
}
