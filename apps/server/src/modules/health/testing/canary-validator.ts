/**
 * The Canary validator every save path uses (API, /api/db, watched folder), for the upstream field walk
 * (src/test/upstream-compatibility.ts), which checks what each upstream field answers at save.
 */
export { canarySchema, validateCanary } from '../canaries/canary-schema.js';
