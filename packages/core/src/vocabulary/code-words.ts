/**
 * The name words that say a column stores a category as a code (`policy_type_code`, `status_cd`): how it
 * is kept, not what it is. Read by semantic/code-names.ts.
 */
import { wordList } from './word-family';

export const CODE_NAME_WORDS = wordList('code', 'cd');
/**
 * The words that ask for a thing's own category: "payment type" is the payment's type, never the type of
 * another table's rows the payment leads to (verify/borrowed-category.ts).
 */
export const OWN_CATEGORY_WORDS = wordList('type', 'types', 'kind', 'kinds', 'category', 'categories', 'class', 'classes', 'status', 'statuses', 'sort', 'sorts');
