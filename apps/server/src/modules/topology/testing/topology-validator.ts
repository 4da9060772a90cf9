/**
 * The Topology spec validator every save path uses, for the upstream field walk
 * (src/test/upstream-compatibility.ts), which checks what each upstream field answers at save.
 */
export { parseTopologySpec } from '../topology-spec.js';
