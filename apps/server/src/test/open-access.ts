import type { DataAccessPolicy } from '../platform/access.js';

/**
 * Allows everything; never production code. Used by the data-API benchmark's labelled `open` line
 * (bench/data-api/server.ts), to show what authentication and the real policy cost, and by the one test
 * whose assertion needs an anonymous writer (platform/audit.test.ts, the anonymous audit row).
 */
export const openAccess: DataAccessPolicy = () => ({ allow: true });
