/** The seven held-out databases, in the order the set reports them. */
import { bikeShare } from './databases/bike-share';
import { filmsDatabase } from './databases/films';
import { football } from './databases/football';
import { hospital } from './databases/hospital';
import { library } from './databases/library';
import { recipesDatabase } from './databases/recipes';
import { saas } from './databases/saas';
import type { HeldoutDatabase } from './heldout-database';

export const HELDOUT_DATABASES: readonly HeldoutDatabase[] = [library, hospital, football, filmsDatabase, bikeShare, recipesDatabase, saas];
