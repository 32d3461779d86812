/**
 * A join path's name is how the many side calls the one side ("by customer"); askdata defaults it to the
 * target's label. Two paths from one entity to the same target (a flight's origin and destination airports)
 * would share that name, so each is named by its key instead ("origin airport" from origin_airport_id).
 */
import { humanize } from '@askdata/core';
import type { ModelDraft } from './model-draft';

export function nameRelations(draft: ModelDraft): void {
  const groups = new Map<string, ModelDraft['relations']>();
  for (const relation of draft.relations) {
    const key = `${relation.fromEntity}->${relation.toEntity}`;
    groups.set(key, [...(groups.get(key) ?? []), relation]);
  }
  for (const relations of groups.values()) {
    if (relations.length < 2) continue;
    for (const relation of relations) {
      if (relation.name !== undefined) continue;
      const words = humanize(relation.fromField).replace(/ (id|key|code|no|number)$/, '');
      relation.name = words === '' ? relation.fromField : words;
    }
  }
}
