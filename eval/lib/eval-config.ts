/**
 * Everything that must stay fixed between runs so that figures are comparable: the pinned "now" the gold
 * SQL's literal dates were computed for, the generator seed and scale, and where things live.
 */
import { join, resolve } from 'node:path';
import { DEFAULT_MIN_CONFIDENCE } from '@askdata/core';

export const PINNED_NOW = new Date('2026-06-15T12:00:00.000Z');
export const DEMO_SEED = 20_240_601;
export const DEMO_SCALE = 1;

/** Large enough that no demo or KaggleDBQA answer is cut (the biggest gold result has a few hundred rows). */
export const EVAL_MAX_ROWS = 5000;
export const EVAL_TIMEOUT_MS = 30_000;
/**
 * The confidence below which answers count as declined: the service's default (MIN_CONFIDENCE). The planner
 * itself runs with 0, so every reading is judged and kept with its confidence for the risk-coverage curve;
 * the eval then declines below this threshold exactly as the service would (the next turn of a chain gets
 * no plan), so the published figures are the default threshold's.
 */
export const EVAL_MIN_CONFIDENCE = DEFAULT_MIN_CONFIDENCE;

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const EVAL_DIR = join(REPO_ROOT, 'eval');
export const CACHE_DIR = join(EVAL_DIR, '.cache');
export const SETS_DIR = join(EVAL_DIR, 'sets');
export const DEMO_SET_PATH = join(SETS_DIR, 'demo.jsonl');
export const KAGGLE_FIXES_PATH = join(SETS_DIR, 'kaggle-gold-fixes.json');
export const KAGGLE_MODELS_DIR = join(EVAL_DIR, 'models', 'kaggle');
export const RENAMED_MODEL_PATH = join(EVAL_DIR, 'renamed', 'renamed-model.yaml');
export const KAGGLE_DIR = resolve(REPO_ROOT, '..', 'shared', 'eval', 'kaggledbqa');
export const SPIDER_DIR = resolve(REPO_ROOT, '..', 'shared', 'eval', 'spider-visible');
export const SPIDER_FIXES_PATH = join(SETS_DIR, 'spider-gold-fixes.json');
export const SPIDER_TRAIN_DIR = resolve(REPO_ROOT, '..', 'shared', 'eval', 'spider-train');
/** Questions in business users' own words over 10 spider-train databases (issue 38). */
export const BUSINESS_DIR = resolve(REPO_ROOT, '..', 'shared', 'eval', 'business');
export const SPIDER_TRAIN_FIXES_PATH = join(SETS_DIR, 'spider-train-gold-fixes.json');
/** Per-question results of the last run of each set, for comparing two engines question by question. */
export const RESULTS_DIR = join(CACHE_DIR, 'results');
export const HELDOUT_DIR = join(SETS_DIR, 'heldout');
export const HELDOUT_DB_DIR = join(HELDOUT_DIR, 'databases');
export const ACCURACY_DOC_PATH = join(REPO_ROOT, 'docs', 'accuracy.md');

/** The cache file name carries seed, scale and now, so changing any of them regenerates instead of reusing. */
export const demoWarehousePath = (): string =>
  join(CACHE_DIR, `demo-s${DEMO_SCALE}-seed${DEMO_SEED}-${PINNED_NOW.toISOString().slice(0, 10)}.db`);
export const renamedWarehousePath = (): string => demoWarehousePath().replace(/\.db$/, '-renamed.db');
