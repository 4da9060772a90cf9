import { z } from 'zod';

/** A row of the data API: its columns (which exist is the allow-list of docs/data-api.md) and embeds. */
export const dataApiRowSchema = z.record(z.string(), z.unknown());

/**
 * What the data API answers with rows (`/api/db/{table}` reads, and writes with
 * `Prefer: return=representation`): the rows, or one row as an object with
 * `Accept: application/vnd.pgrst.object+json`.
 */
export const dataApiRowsSchema = z.union([z.array(dataApiRowSchema), dataApiRowSchema]);

/** `/api/db/rpc/{fn}` answer: the exposed function's JSON result (rows, an object or a scalar). */
export const dataApiFunctionResultSchema = z.unknown().describe('the function’s JSON result');
