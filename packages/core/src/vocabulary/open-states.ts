/**
 * Words for a row whose event has not happened yet, each with the verbs of the events it denies: an "open"
 * ticket is not closed, an "unpaid" invoice not paid, an "active" subscription not cancelled. Read by
 * nl/rules/open-states.ts against the date column that records the event (`closed_at`, `paid_on`,
 * `cancelled_at`): the rows where it is empty.
 */
export const OPEN_STATE_WORDS: ReadonlyArray<readonly [word: string, events: readonly string[]]> = [
  ['open', ['close', 'resolve', 'complete', 'finish', 'settle']],
  ['unresolved', ['resolve', 'close']],
  ['unpaid', ['pay', 'settle']],
  ['outstanding', ['pay', 'settle', 'return']],
  ['unsettled', ['settle', 'pay']],
  ['active', ['cancel', 'end', 'terminate', 'close', 'expire']],
  ['running', ['cancel', 'end', 'terminate', 'finish']],
  ['live', ['cancel', 'end', 'terminate', 'close']],
  ['ongoing', ['end', 'finish', 'complete', 'close']],
  ['unfinished', ['finish', 'complete', 'end']],
  ['incomplete', ['complete', 'finish']],
  ['uncompleted', ['complete', 'finish']],
  ['pending', ['complete', 'ship', 'deliver', 'approve', 'process', 'resolve']],
  ['undelivered', ['deliver']],
  ['unshipped', ['ship']],
  ['unreturned', ['return']],
];
