/**
 * Questions to show someone meeting a model for the first time (the MCP server's describe_data): the same
 * ones the rules engine suggests after a decline, generated from the model's own labels.
 */
import type { SemanticModel } from '../semantic/semantic-model';
import { buildLexicon } from './lex/lexicon';
import { generateSuggestions } from './suggestions';

export function exampleQuestions(model: SemanticModel, limit = 8): string[] {
  return generateSuggestions(model, buildLexicon(model)).slice(0, limit).map((suggestion) => suggestion.text);
}
