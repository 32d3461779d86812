/**
 * The replicas run's requests through nginx: the demo questions to api-v1 (three in four) and to the
 * legacy /ask (one in four). Each request carries a marker of its own, so the store can be checked
 * request by request: a v1 request sends it as an extra context key (recorded with the conversation,
 * never applied), a legacy request as its conversationId (one conversation per request). The v1 load
 * spreads over several API keys so the per-key limit measures nothing during the load.
 */
import type { LoadRequest } from '../autocannon-client';
import type { LoadQuestion } from '../questions';

export const MARKER_KEY = 'loadMarker';

/** What the client was told: the markers (and v1 answer ids) of every 200, and the markers of every 5xx. */
export interface Acknowledged {
  v1: Array<{ marker: string; answerId: string }>;
  legacy: string[];
  failed: string[];
}

export function replicaRequests(questions: readonly LoadQuestion[], keys: readonly string[], acknowledged: Acknowledged): LoadRequest[] {
  let sequence = 0;
  const requests: LoadRequest[] = [];
  questions.forEach(({ question, orgId }, index) => {
    requests.push({
      method: 'POST',
      path: '/api/v1/conversations/answer',
      setupRequest(request, context) {
        sequence += 1;
        const marker = `v${sequence}`;
        context.marker = marker;
        const key = keys[sequence % keys.length] as string;
        return { ...request, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ question, context: { orgId, [MARKER_KEY]: marker } }) };
      },
      onResponse(status, body, context) {
        if (status === 200) acknowledged.v1.push({ marker: String(context.marker), answerId: String((JSON.parse(body) as { id: unknown }).id) });
        if (status >= 500) acknowledged.failed.push(String(context.marker));
      },
    });
    if (index % 3 !== 0) return;
    requests.push({
      method: 'POST',
      path: '/ask',
      setupRequest(request, context) {
        sequence += 1;
        const marker = `load-${sequence}`;
        context.marker = marker;
        return { ...request, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question, conversationId: marker, requestContext: { userId: `u-${index}`, orgId } }) };
      },
      onResponse(status, _body, context) {
        if (status === 200) acknowledged.legacy.push(String(context.marker));
        if (status >= 500) acknowledged.failed.push(String(context.marker));
      },
    });
  });
  return requests;
}
