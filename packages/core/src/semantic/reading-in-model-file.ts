/**
 * Writes an accepted or rejected business reading into the YAML model file its owner keeps (`askdata model
 * suggest --accept/--reject`). The file is edited in place as a YAML document, so the owner's comments,
 * order and other edits stay; only the one field or measure the reading names changes.
 *
 * Which words or measure a reading stands for is read from two introspections of the same database, one
 * with the reading and one without it (reading-review.ts withdraws it): so this works for every reading
 * rule, present and future, without knowing what any rule writes.
 */
import { isMap, isSeq, parseDocument, type Document } from 'yaml';
import { CoreError } from '../errors/core-error';
import type { BusinessReading } from './business-reading';
import { modelToFile } from './scaffold-model-file';
import type { SemanticModel } from './semantic-model';

type Kind = 'fields' | 'measures';

function kindOf(model: SemanticModel, reading: BusinessReading): Kind | undefined {
  const entity = model.entities[reading.entity];
  if (entity?.fields[reading.field] !== undefined) return 'fields';
  if (entity?.measures[reading.field] !== undefined) return 'measures';
  return undefined;
}

function parsed(text: string, source: string): Document {
  const document = parseDocument(text);
  if (document.errors.length > 0) throw new CoreError('CONFIG_INVALID', `${source} is not valid YAML: ${document.errors[0]!.message}`);
  return document;
}

function synonymsAt(document: Document, path: readonly string[]): string[] {
  const node = document.getIn([...path, 'synonyms']);
  return isSeq(node) ? node.items.map((item) => String((item as { value?: unknown }).value ?? item)) : [];
}

function setSynonyms(document: Document, path: readonly string[], words: readonly string[]): void {
  if (words.length === 0) {
    document.deleteIn([...path, 'synonyms']);
    return;
  }
  const node = document.createNode([...words]);
  node.flow = true;
  document.setIn([...path, 'synonyms'], node);
}

/** No folding: one line per field and measure stays one line, as the scaffolder and the owner wrote it. */
const written = (document: Document): string => document.toString({ lineWidth: 0 });

/** The file with the reading's words (or its measure) written in; unchanged when it has them already. */
export function acceptReadingInModelText(text: string, source: string, reading: BusinessReading, withReading: SemanticModel): string {
  const document = parsed(text, source);
  const kind = kindOf(withReading, reading);
  if (kind === undefined) throw new CoreError('CONFIG_INVALID', `introspection no longer finds ${reading.entity}.${reading.field}`);
  if (!isMap(document.getIn(['entities', reading.entity]))) throw new CoreError('CONFIG_INVALID', `${source} has no entity "${reading.entity}" to write the reading into`);
  const path = ['entities', reading.entity, kind, reading.field];
  if (!isMap(document.getIn(path))) {
    if (kind === 'fields') throw new CoreError('CONFIG_INVALID', `${source} has no field "${reading.field}" on "${reading.entity}" to give the words to`);
    // A measure the reading wrote: written whole, as introspection defines it.
    const measure = modelToFile(withReading).entities[reading.entity]!.measures![reading.field]!;
    const node = document.createNode(measure);
    node.flow = true;
    document.setIn(path, node);
    return written(document);
  }
  const have = synonymsAt(document, path);
  const added = reading.words.filter((word) => !have.includes(word));
  if (added.length === 0) return text;
  setSynonyms(document, path, [...have, ...added]);
  return written(document);
}

/**
 * The file without what the reading gave: its words off the field (those introspection without it does not
 * give the field anyway), or its measure, when introspection without it has no such measure.
 */
export function rejectReadingInModelText(text: string, source: string, reading: BusinessReading, withoutReading: SemanticModel): string {
  const document = parsed(text, source);
  const stays = withoutReading.entities[reading.entity];
  for (const kind of ['fields', 'measures'] as const) {
    const path = ['entities', reading.entity, kind, reading.field];
    if (!isMap(document.getIn(path))) continue;
    const without = kind === 'fields' ? stays?.fields[reading.field] : stays?.measures[reading.field];
    if (kind === 'measures' && without === undefined) {
      document.deleteIn(path);
      continue;
    }
    const keep = new Set(without?.synonyms ?? []);
    const have = synonymsAt(document, path);
    const left = have.filter((word) => keep.has(word) || !reading.words.includes(word));
    if (left.length !== have.length) setSynonyms(document, path, left);
  }
  return written(document);
}
