/**
 * The incidents feature's public face for other features: "Attach as Evidence" on a check, a configuration
 * item, a change, an insight or a log line (issue 13 §6). Callers load it with `import()`, so the incidents
 * area (its link form, lookups, react-hook-form and zod) arrives only when something can be attached.
 */
export { AttachAsEvidenceButton } from './components/attach-as-evidence';
export type { EvidenceTarget } from './components/link-form';
