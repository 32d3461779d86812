/**
 * Problems found in a model file, collected (never thrown one at a time) so the author sees every mistake
 * at once, then raised as one CoreError MODEL_INVALID naming the file, the path inside it and the problem.
 */
import type { z } from 'zod';
import { CoreError, type ErrorIssue } from '../errors/core-error';

export class ModelIssues {
  readonly list: ErrorIssue[] = [];

  add(path: string, message: string): void {
    this.list.push({ path, message });
  }

  get isEmpty(): boolean {
    return this.list.length === 0;
  }

  throwIfAny(source: string): void {
    if (!this.isEmpty) throw modelInvalid(source, this.list);
  }
}

export function modelInvalid(source: string, issues: ErrorIssue[]): CoreError {
  const lines = issues.map((issue) => `  - ${issue.path}: ${issue.message}`);
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return new CoreError('MODEL_INVALID', `Semantic model ${source} is invalid (${count}):\n${lines.join('\n')}`, { issues, details: { source } });
}

/** `["entities", "orders", "fields", "subtotal", "type"]` -> "entities.orders.fields.subtotal.type"; arrays as [i]. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text === '' ? '(root)' : text;
}

/** Flattens zod issues (unions and record keys included) into path + readable message pairs. */
export function issuesFromZod(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): ErrorIssue[] {
  return issues.flatMap((issue): ErrorIssue[] => {
    const path = [...prefix, ...issue.path];
    switch (issue.code) {
      case 'invalid_union': {
        // A branch that got past the type check and failed deeper is the one the author meant.
        const deep = issue.errors.find((branch) => branch.some((inner) => inner.path.length > 0));
        if (deep !== undefined) return issuesFromZod(deep, path);
        const options = issue.errors.flat().map((inner) => inner.message.replace(/^Invalid input: /, ''));
        return [{ path: formatIssuePath(path), message: `invalid value: ${options.join(', or ')}` }];
      }
      case 'invalid_key': {
        const reasons = issue.issues.map((inner) => inner.message).join('; ');
        const key = path.at(-1);
        return [{ path: formatIssuePath(path), message: `invalid name "${String(key)}": ${reasons}` }];
      }
      case 'unrecognized_keys':
        return [{ path: formatIssuePath(path), message: `unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((key) => `"${key}"`).join(', ')}` }];
      default:
        return [{ path: formatIssuePath(path), message: issue.message }];
    }
  });
}
