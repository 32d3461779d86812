/**
 * Nouns people put after a category's name without adding to it: "each decor style" is each decor, "each
 * bed type" each bed type, "the payment method category" the payment method. nl/verify/coverage.ts reads
 * one of them right after a column that holds categories as part of that column's name.
 */
import { words } from './word-family';

export const ATTRIBUTE_NOUNS = words('style', 'styles', 'type', 'types', 'kind', 'kinds', 'sort', 'sorts', 'category', 'categories', 'class', 'classes', 'format', 'formats', 'variety', 'varieties', 'option', 'options');
