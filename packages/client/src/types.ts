/**
 * The v1 and legacy wire shapes, as the contract defines them (wire-types.ts writes them out so the
 * published .d.ts needs no other package; a compile-time test holds them equal to @askdata/contract).
 */
export type * from './wire-types';
export type * from './stream-wire-types';
