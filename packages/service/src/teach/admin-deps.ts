/** What the admin operations need: the conversation flow's deps plus the knowledge the pipeline applies. */
import type { AdminActor } from '@askdata/db';
import type { AskDeps } from '../ask-in-conversation';
import type { Knowledge } from './knowledge';

export interface AdminDeps extends AskDeps {
  knowledge: Knowledge;
}

export type { AdminActor };
