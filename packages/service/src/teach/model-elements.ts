/** Everything a taught term may mean (entities, visible fields, measures), for the Review page's picker. */
import type { SemanticModel } from '@askdata/core';

export interface ModelElement {
  means: string;
  kind: 'entity' | 'field' | 'measure';
  label: string;
  holdsText: boolean;
}

export function modelElements(model: SemanticModel): ModelElement[] {
  return Object.values(model.entities).flatMap((entity): ModelElement[] => [
    { means: entity.name, kind: 'entity', label: entity.plural, holdsText: false },
    ...Object.values(entity.measures).map((m): ModelElement => ({ means: `${entity.name}.${m.name}`, kind: 'measure', label: m.label, holdsText: false })),
    ...Object.values(entity.fields)
      .filter((f) => !f.hidden)
      .map((f): ModelElement => ({ means: `${entity.name}.${f.name}`, kind: 'field', label: `${entity.label} ${f.label}`, holdsText: f.type === 'string' })),
  ]);
}
