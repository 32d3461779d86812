/**
 * "How many drivers do we have?" on a schema where drivers are the employees a delivery names by its
 * `driver_employee_id` (roles.column-role, or a relation a model file names "support rep"): the role names
 * only the people some row gives that part. A plan that reads the people table alone (every employee)
 * answers another question, so it is declined. The role is honoured when the plan starts from the rows
 * that give the part (deliveries by driver) or keeps only the people those rows point at (drivers who
 * delivered to an address: a related filter along the role's column).
 */
import { relatedFilters } from '../../plan/plan-references';
import type { QueryPlan } from '../../plan/query-plan';
import { everydaySynonyms } from '../../lexical/everyday-synonyms';
import { findField } from '../../semantic/model-lookup';
import { singularize } from '../../semantic/humanize';
import type { ModelRelation } from '../../semantic/semantic-model';
import { ROLE_TARGET_NOUNS } from '../../vocabulary/people-words';
import type { Lexicon } from '../lex/lexicon';
import type { Chunk } from '../lex/segment';
import { phraseKey } from '../lex/stem';
import { defineCheck } from './check';

/** Relations that name a table of people by a role other than the table's own names. */
function roleRelations(lexicon: Lexicon): ModelRelation[] {
  return lexicon.model.relations.filter((relation) => {
    const target = lexicon.entity(relation.toEntity);
    if (relation.fromEntity === relation.toEntity || !ROLE_TARGET_NOUNS.has(singularize(target.label.toLowerCase()))) return false;
    // Not a role: the people's own names or their everyday words ("customer" for clients), nor the name of
    // the key column itself ("id"), which the lexicon never gives the people (lexicon.ts).
    const noun = singularize(target.label.toLowerCase());
    const own = new Set([target.label, target.plural, target.name, ...target.synonyms, ...everydaySynonyms(noun)].map(phraseKey));
    const column = findField(lexicon.model, { entity: relation.fromEntity, field: relation.fromField });
    return !own.has(phraseKey(relation.name)) && (column === undefined || phraseKey(column.label) !== phraseKey(relation.name));
  });
}

function honoursRole(plan: QueryPlan, relation: ModelRelation): boolean {
  if (plan.entity === relation.fromEntity) return true;
  return relatedFilters(plan).some(({ filter }) => filter.entity === relation.fromEntity && filter.via === relation.fromField);
}

/** The first role a claimed chunk of the question names whose rows the plan does not go through. */
export function roleWithoutItsRows(chunks: readonly Chunk[], claimed: readonly boolean[], plan: QueryPlan, lexicon: Lexicon): { text: string; relation: ModelRelation } | undefined {
  const roles = roleRelations(lexicon);
  if (roles.length === 0) return undefined;
  for (const [i, chunk] of chunks.entries()) {
    if (chunk.kind !== 'lex' || claimed[i] !== true) continue;
    const key = phraseKey(chunk.text);
    for (const relation of roles) {
      const role = phraseKey(relation.name);
      const namesRole = (key === role || key.startsWith(`${role} `)) && chunk.entries.some((e) => e.kind !== 'measure' && e.entity === relation.toEntity);
      if (namesRole && !honoursRole(plan, relation)) return { text: chunk.text, relation };
    }
  }
  return undefined;
}

export const roleWithoutRows = defineCheck({
  name: 'verify.role-without-its-rows',
  description: '"How many support reps are there?" counts the employees some customer names as support rep, not every employee: a role word read as the whole table of people is declined.',
  reads: 'plan',
  examples: [
    { schema: 'company', question: 'How many support reps are there?' },
    { schema: 'firm', question: 'List the account managers.' },
  ],
  counterExamples: [
    { schema: 'company', question: 'Which employee is the support rep of the most customers?' },
    { schema: 'company', question: 'How many employees are there?' },
  ],
  test: ({ chunks, interpretation, plan, lexicon }) => {
    const found = roleWithoutItsRows(chunks, interpretation.claimed, plan, lexicon);
    if (found === undefined) return undefined;
    const people = lexicon.entity(found.relation.toEntity).plural;
    const rows = lexicon.entity(found.relation.fromEntity).plural;
    return { reasons: [`"${found.text}" are the ${people} that ${rows} name as ${found.relation.name}, and this reading takes in all the ${people}`] };
  },
});
