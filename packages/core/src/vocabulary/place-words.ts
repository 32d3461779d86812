/**
 * The nouns of a place in an address, some of which name the same level in different countries: a column
 * named `state_county_province` or `town_city` holds whichever applies, so each of its words names it
 * ("customers in each state"). Read by semantic/place-alternatives.ts.
 */
import { words } from './word-family';

export const PLACE_LEVEL_WORDS = words('state', 'county', 'province', 'region', 'territory', 'town', 'city', 'suburb', 'district', 'municipality', 'prefecture', 'canton');
