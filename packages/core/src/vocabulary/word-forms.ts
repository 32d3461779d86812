/**
 * The word forms the light stemmer (nl/lex/stem.ts) does not work out by rule: irregular forms it maps to one
 * key ("selling" meets "sold"), and short or s-final words it keeps as written ("status" is not a plural).
 */
import { words } from './word-family';

/** A form -> the key it is compared by. */
export const IRREGULAR_FORMS: Readonly<Record<string, string>> = {
  sell: 'sold', sells: 'sold', selling: 'sold', seller: 'sold', sellers: 'sold',
  buy: 'bought', buys: 'bought', buying: 'bought',
  spent: 'spend', spends: 'spend', spending: 'spend',
  rated: 'rating', ratings: 'rating',
  people: 'person', children: 'child', men: 'man', women: 'woman',
  categories: 'category',
  ids: 'id',
};

/** Words the stemmer leaves alone although they end in "s". */
export const KEPT_AS_WRITTEN = words('this', 'its', 'was', 'has', 'is', 'does', 'yes', 'us', 'bus', 'gas', 'plus', 'minus', 'status', 'series', 'news', 'analysis', 'basis', 'less', 'across', 'always', 'perhaps', 'whereas', 'bonus', 'campus', 'virus', 'census', 'focus', 'canvas', 'alias', 'atlas');

/**
 * Nouns that are always plural in form, whatever their number ("the most expensive goods" may be one
 * product): their "s" says nothing about how many rows are meant (nl/lex/segment.ts).
 */
export const PLURAL_IN_FORM_ONLY = words('goods', 'clothes', 'premises', 'earnings', 'proceeds', 'savings', 'belongings', 'headquarters', 'means', 'series', 'species');
