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

/**
 * A row read for a picker or a search: any table's `id` and `name`, with its `type`, `namespace`,
 * `email` or `title` where the table has one and the read selects it.
 */
export const namedRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable().optional(),
  namespace: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
});
/** A picker or search row. */
export type NamedRow = z.infer<typeof namedRowSchema>;

/**
 * `POST /api/resources/search` answer (001 §7): per kind searched (`checks`, `components`, `configs`), the
 * rows the caller may read, each with at least its id, name and type.
 */
export const resourceSearchResponseSchema = z.record(
  z.string(),
  z.array(z.looseObject({ id: z.string(), name: z.string(), type: z.string() })),
);
