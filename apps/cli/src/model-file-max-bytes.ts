/**
 * MODEL_FILE_MAX_BYTES for `askdata model import|export`: the same variable, default and bounds as the
 * servers' SEMANTIC_MODEL (core's DEFAULT_MODEL_FILE_MAX_BYTES unless set), read here because these commands
 * do not parse the servers' whole configuration.
 */
import { DEFAULT_MODEL_FILE_MAX_BYTES } from '@askdata/core';
import { parseByteSize } from '@askdata/env';
import { UsageError } from './parse-tenancy';

export function modelFileMaxBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const text = env.MODEL_FILE_MAX_BYTES?.trim();
  if (text === undefined || text === '') return DEFAULT_MODEL_FILE_MAX_BYTES;
  const bytes = parseByteSize(text);
  if (bytes === null || bytes < 1024 || bytes > 256 * 1024 * 1024) throw new UsageError('MODEL_FILE_MAX_BYTES must be a size like "4mb" or "512kb", from 1kb to 256mb');
  return bytes;
}
