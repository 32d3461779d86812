import type { AdminActor } from '@askdata/service';
import type { Response } from 'express';
import { requirePrincipal } from '../../middleware/principal';

/** Who makes an admin write, for the audit trail. */
export function actorOf(res: Response): AdminActor {
  const principal = requirePrincipal(res);
  return { apiKeyId: principal.apiKeyId, principal: principal.principal };
}
