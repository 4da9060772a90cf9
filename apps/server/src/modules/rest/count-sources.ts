/**
 * Exact totals a table's owner keeps itself (docs/data-api.md, `Prefer: count=exact`). A module that
 * maintains counters for some filters of a table (the catalog's per-type/health counters, migration 0067)
 * gives the data API a count source for it: asked with the root's filters of a read, it answers a scalar
 * subquery that returns the same number `count(*)` would — in the read's own statement, so from the same
 * snapshot — or undefined for filters its counters do not cover (the rows are then counted).
 *
 * A source is asked only when nothing but those filters and the soft-delete default narrows the rows: no
 * row scope of the reader, no `!inner` embed, not an RPC's rows.
 */
import type { Condition } from './query-types.js';

/** What a count source is asked with. */
export interface CountRequest {
  /** The root level's filters, as parsed (`deleted_at` unmentioned means live rows only on a soft-delete table). */
  conditions: readonly Condition[];
  /** Binds a value to the read's statement; its placeholder (`$n`). */
  param(value: unknown): string;
}

/** SQL of a scalar subquery with the exact total, or undefined to count the rows. */
export type CountSource = (request: CountRequest) => string | undefined;
