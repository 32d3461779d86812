export * from './paths';
export * from './runtime';
export * from './ask-in-conversation';
export * from './dev-key';
