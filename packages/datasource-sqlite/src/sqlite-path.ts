/** A SQLite data source URL -> its file path. */
import { fileURLToPath } from 'node:url';
import { CoreError } from '@askdata/core';

/** `file:///abs/x.db`, `file:./x.db`, `sqlite:./x.db` or a plain path; any `?query` is ignored. */
export function sqlitePath(url: string): string {
  if (/^file:\/\//i.test(url)) {
    try {
      return fileURLToPath(url.split('?')[0] ?? url);
    } catch (error) {
      throw new CoreError('CONFIG_INVALID', `Not a valid file URL: ${url}`, { cause: error });
    }
  }
  const withoutScheme = url.replace(/^(file|sqlite):/i, '');
  return withoutScheme.split('?')[0] ?? withoutScheme;
}
