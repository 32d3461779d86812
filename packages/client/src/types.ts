/**
 * The v1 and legacy wire shapes, as the contract defines them: wire-types.ts is generated from the contract
 * at build time (packages/client/codegen), so the published .d.ts needs no other package.
 */
export type * from './wire-types';
export type * from './stream-wire-types';
export type * from './legacy-ask-input';
