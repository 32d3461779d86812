import { randomBytes } from 'node:crypto';

/**
 * Opaque ids such as `ans_mi9x2k3f0001a3f9…`: a type prefix, the creation time (base36 ms), a per-process
 * sequence and 80 random bits. Lower-case only, so ids made by one process sort in creation order; the
 * repositories use that to break createdAt ties (two answers in the same millisecond).
 */
let sequence = 0;

export type IdPrefix = 'key' | 'conv' | 'ans' | 'fb' | 'voc' | 'vq' | 'aud' | 'rd';

export function newId(prefix: IdPrefix): string {
  sequence = (sequence + 1) % 36 ** 4;
  const time = Date.now().toString(36).padStart(9, '0');
  return `${prefix}_${time}${sequence.toString(36).padStart(4, '0')}${randomBytes(10).toString('hex')}`;
}

/**
 * Ids for an answer (and the conversation it may start) before either is written: a streamed answer names
 * both in its first event, and the store then writes them under exactly these ids (or writes nothing).
 */
export function reserveAnswerIds(): { conversationId: string; answerId: string } {
  return { conversationId: newId('conv'), answerId: newId('ans') };
}
