/**
 * Review of the business readings introspection made (issue 38): each reading has a stable id, and a
 * reading its owner rejected is withdrawn from the model before anything uses it.
 *
 * Generic on purpose: the reading rules (dates, names, money, roles, states...) write into the model's
 * entities as they run and only report what they did. Withdrawal does not know any rule: it compares the
 * entities with a copy taken before the rules ran. A rejected reading's words leave the field (or measure)
 * it named; a field or measure that did not exist before the rules ran was written by a reading, and goes
 * with it unless a reading that is kept names it too.
 */
import type { BusinessReading } from './business-reading';
import type { ModelFileInput } from './model-schema';

type EntityInput = ModelFileInput['entities'][string];

/**
 * "<rule>:<entity>.<field>": the same on every introspection of the same schema (entity and field keys are
 * identifiers, so neither ":" nor "." appears inside them). The words are left out: a vocabulary that grows
 * must not bring back a reading its owner rejected.
 */
export function readingId(reading: Pick<BusinessReading, 'rule' | 'entity' | 'field'>): string {
  return `${reading.rule}:${reading.entity}.${reading.field}`;
}

/** The entities before the reading rules run, to compare with after (withdrawRejected). */
export function snapshotEntities(entities: Record<string, EntityInput>): Record<string, EntityInput> {
  return structuredClone(entities);
}

/**
 * Takes the rejected readings back out of `entities` and returns the readings that stay. `before` is
 * snapshotEntities() of the same entities taken before the rules ran.
 */
export function withdrawRejected(entities: Record<string, EntityInput>, before: Record<string, EntityInput>, readings: readonly BusinessReading[], rejected: readonly string[] | undefined): BusinessReading[] {
  if (rejected === undefined || rejected.length === 0) return [...readings];
  const ids = new Set(rejected);
  const kept = readings.filter((reading) => !ids.has(readingId(reading)));
  for (const reading of readings.filter((candidate) => ids.has(readingId(candidate)))) {
    const entity = entities[reading.entity];
    if (entity === undefined) continue;
    const others = kept.filter((other) => other.entity === reading.entity && other.field === reading.field);
    const stillGiven = new Set(others.flatMap((other) => other.words));
    const had = before[reading.entity];
    withdrawFrom(entity.fields, had?.fields, reading, stillGiven, others.length > 0);
    if (entity.measures !== undefined) withdrawFrom(entity.measures, had?.measures, reading, stillGiven, others.length > 0);
    // A measure a reading wrote and made the default goes back to the default it replaced.
    if (entity.defaultMeasure !== undefined && entity.measures?.[entity.defaultMeasure] === undefined) {
      if (had?.defaultMeasure === undefined) delete entity.defaultMeasure;
      else entity.defaultMeasure = had.defaultMeasure;
    }
  }
  return kept;
}

interface Named {
  synonyms?: string[] | undefined;
}

function withdrawFrom<T extends Named>(targets: Record<string, T>, before: Record<string, T> | undefined, reading: BusinessReading, stillGiven: ReadonlySet<string>, namedByKept: boolean): void {
  const target = targets[reading.field];
  if (target === undefined) return;
  const existed = before?.[reading.field];
  if (existed === undefined && !namedByKept) {
    delete targets[reading.field];
    return;
  }
  // A word the field had before the rules ran, or one a kept reading gives it, stays.
  const keep = new Set([...(existed?.synonyms ?? []), ...stillGiven]);
  const synonyms = (target.synonyms ?? []).filter((word) => keep.has(word) || !reading.words.includes(word));
  if (synonyms.length > 0) target.synonyms = synonyms;
  else delete target.synonyms;
}
