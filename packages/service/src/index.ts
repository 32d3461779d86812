export * from './paths';
export * from './runtime';
export * from './ask-in-conversation';
export * from './dev-key';
export * from './runtime-config';
export * from './data-source-warnings';
