/**
 * Why a SQL text cannot become a plan: `clause` names the part of the SQL the plan IR cannot carry
 * ("UNION", "OR", "subquery in FROM") or, for a name outside the model, `name` holds it. Messages say
 * both in words an admin can act on; the eval tallies refusals by `clause`.
 */
export class SqlImportError extends Error {
  override readonly name = 'SqlImportError';
  constructor(
    readonly clause: string,
    message: string,
    /** A table or column the model does not have (or hides), when that is the reason. */
    readonly unknownName?: string,
  ) {
    super(message);
  }
}

export const unsupported = (clause: string, detail?: string): SqlImportError =>
  new SqlImportError(clause, `A verified SQL query cannot use ${clause}${detail ? ` (${detail})` : ''}: a plan cannot carry it.`);

export const unknownName = (kind: 'table' | 'column', name: string, detail?: string): SqlImportError =>
  new SqlImportError(`unknown ${kind}`, `The ${kind} "${name}" is not in the model${detail ? `; ${detail}` : ''}.`, name);
