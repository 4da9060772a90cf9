export * from './agents.js';
export * from './connections.js';
export * from './constants.js';
export * from './interface.js';
