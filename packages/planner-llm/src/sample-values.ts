/**
 * Opt-in (LLM_INCLUDE_VALUES=true) sample category values for the prompt, so the model can spell filter
 * values the way the data does. The index is the caller's tenant's own (nl/lex/tenant-value-indexes.ts), so a
 * prompt carries only values that tenant has; it is still off by default, because with it on the
 * provider sees category values of the data.
 */
import type { SemanticModel, ValueIndex } from '@askdata/core';
import type { SampleValues } from './prompts/plan-v1';

/** Categories have a handful of values; free text (thousands of titles) would only cost tokens. */
export const MAX_SAMPLE_VALUES_PER_FIELD = 20;

export function sampleValuesOf(model: SemanticModel, index: ValueIndex, perField = MAX_SAMPLE_VALUES_PER_FIELD): SampleValues[] {
  const samples: SampleValues[] = [];
  for (const entity of Object.values(model.entities)) {
    for (const field of Object.values(entity.fields)) {
      if (field.hidden || !field.indexValues) continue;
      const values = index.valuesOf(entity.name, field.name);
      if (values.length === 0 || values.length > perField) continue;
      samples.push({ field: `${entity.name}.${field.name}`, values: [...values] });
    }
  }
  return samples;
}
