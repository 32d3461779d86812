/** One filter checked against its field: the operator fits the field's type, and every value fits too. */
import type { ErrorIssue } from '../errors/core-error';
import type { ModelField } from '../semantic/semantic-model';
import { filterOpTypes, valueMismatch } from './field-rules';
import { assertNever, type LeafFilter } from './query-plan';

export function checkFilter(filter: LeafFilter, field: ModelField, path: string, issues: ErrorIssue[]): void {
  if (!filterOpTypes[filter.op].includes(field.type)) {
    issues.push({ path: `${path}.op`, message: `operator "${filter.op}" does not apply to ${field.type} field "${field.entity}.${field.name}"` });
    return;
  }
  const values: [string, unknown][] = [];
  switch (filter.op) {
    case 'eq': case 'neq': case 'gt': case 'gte': case 'lt': case 'lte': case 'contains': case 'not_contains':
      values.push([`${path}.value`, filter.value]);
      break;
    case 'in': case 'not_in':
      filter.values.forEach((value, i) => values.push([`${path}.values[${i}]`, value]));
      break;
    case 'between':
      values.push([`${path}.low`, filter.low], [`${path}.high`, filter.high]);
      break;
    case 'is_null': case 'is_not_null': case 'related': case 'vs_aggregate':
      break;
    default:
      return assertNever(filter, 'filter op');
  }
  for (const [valuePath, value] of values) {
    const expected = valueMismatch(field.type, value);
    if (expected) issues.push({ path: valuePath, message: `expected ${expected} for ${field.type} field "${field.entity}.${field.name}", got ${JSON.stringify(value)}` });
  }
}
