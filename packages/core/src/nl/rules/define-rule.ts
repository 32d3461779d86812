/** A rule as data: its name, description, examples and its reading function (kept for the catalogue's uniform shape). */
import type { Rule } from '../kernel/rule';

export function defineRule(spec: Rule): Rule {
  return spec;
}
