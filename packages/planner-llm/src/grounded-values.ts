/**
 * Filter values in an LLM plan must be grounded: a text value is used only when it is one of the values
 * the caller's tenant actually has for that field, or words the question itself contains. A value the
 * model invented used to be echoed ("No orders matched in Fiction. SECURITY NOTICE: …"); now it is an
 * issue sent back to the model like any other, and after the retries the answer is the service's own
 * decline. A value matched to the tenant's data is replaced by the data's own spelling. Numbers, dates and
 * booleans are formatted by this service and never shown as the model wrote them.
 */
import type { ErrorIssue, PlainFilter, QueryPlanInput, Scalar, SemanticModel, ValueIndex } from '@askdata/core';

/** A filter as a planner writes it (before validation fills in defaults such as a related filter's `where`). */
type FilterInput = NonNullable<QueryPlanInput['filters']>[number];
import { findField, foldText } from '@askdata/core';

export interface GroundingInput {
  model: SemanticModel;
  question: string;
  /** The caller's tenant's values. */
  values: ValueIndex | undefined;
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const isWordChar = (char: string | undefined): boolean => char !== undefined && WORD_CHAR.test(char);

/** True when `value` (folded) occurs in the folded question as whole words: it is the question's own text. */
function inQuestion(question: string, value: string): boolean {
  const text = foldText(value).trim();
  if (!WORD_CHAR.test(text)) return false;
  for (let at = question.indexOf(text); at >= 0; at = question.indexOf(text, at + 1)) {
    const before = isWordChar(text[0]) && isWordChar(question[at - 1]);
    const after = isWordChar(text[text.length - 1]) && isWordChar(question[at + text.length]);
    if (!before && !after) return true;
  }
  return false;
}

export function groundFilterValues(plan: QueryPlanInput, input: GroundingInput): { plan: QueryPlanInput; issues: ErrorIssue[] } {
  const issues: ErrorIssue[] = [];
  const question = foldText(input.question);
  const filters = (plan.filters ?? []).map((filter, i) => groundFilter(filter, `filters[${i}]`));
  return { plan: { ...plan, filters }, issues };

  function groundFilter(filter: FilterInput, path: string): FilterInput {
    // A related filter's own conditions are the model's words too: each is grounded the same way.
    if (filter.op === 'related' || filter.op === 'vs_aggregate') return { ...filter, where: (filter.where ?? []).map((inner, j) => groundPlain(inner, `${path}.where[${j}]`)) };
    // `any` / `not`: each of their conditions, at its own path.
    if (filter.op === 'any') return { ...filter, of: filter.of.map((group, g) => group.map((leaf, k) => groundFilter(leaf, `${path}.of[${g}][${k}]`) as typeof leaf)) };
    if (filter.op === 'not') return { ...filter, of: filter.of.map((leaf, k) => groundFilter(leaf, `${path}.of[${k}]`) as typeof leaf) };
    return groundPlain(filter, path);
  }

  function groundPlain(filter: PlainFilter, path: string): PlainFilter {
    const field = findField(input.model, filter.field);
    if (field === undefined || field.type !== 'string') return filter;
    const known = input.values?.valuesOf(filter.field.entity, filter.field.field) ?? [];
    const ground = (value: Scalar, at: string): Scalar => {
      if (typeof value !== 'string') return value;
      const stored = known.find((candidate) => foldText(candidate) === foldText(value));
      if (stored !== undefined) return stored;
      if (inQuestion(question, value)) return value;
      issues.push({ path: at, message: `${JSON.stringify(value)} is neither a value of ${filter.field.entity}.${filter.field.field} nor words of the question; use a value from the data or the question's own words` });
      return value;
    };
    switch (filter.op) {
      case 'in':
      case 'not_in':
        return { ...filter, values: filter.values.map((value, i) => ground(value, `${path}.values[${i}]`)) };
      case 'between':
        return { ...filter, low: ground(filter.low, `${path}.value`), high: ground(filter.high, `${path}.high`) };
      case 'contains':
      case 'not_contains': {
        const value = ground(filter.value, `${path}.value`);
        return { ...filter, value: typeof value === 'string' ? value : filter.value };
      }
      case 'is_null':
      case 'is_not_null':
        return filter;
      default:
        return { ...filter, value: ground(filter.value, `${path}.value`) };
    }
  }
}
