export * from './agents.js';
export * from './connections.js';
export * from './constants.js';
export * from './health.js';
export * from './interface.js';
export * from './properties.js';
export * from './auth.js';
export * from './rbac.js';
