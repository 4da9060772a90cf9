import { dataApiFunctionResultSchema, dataApiRowsSchema, resourceSearchResponseSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';
import type { RoutePermission } from '../../platform/route-permission.js';
import { resourceSearchSchema } from './resource-search.js';

/** What the data API requires: decided per table and row by the access policy, not by one guard. */
const PER_TABLE: RoutePermission = {
  description:
    'read (GET, HEAD) or write (POST, PATCH, DELETE) on the resource kind of the table and of every embedded table, ' +
    'with deny rows and row scopes; see docs/data-api.md',
};

/** PostgREST query syntax: filters `column=op.value`, `select`, `order`, `limit`, `offset`, `or`/`and`. */
const restQuery = z
  .object({
    select: z.string().optional(),
    order: z.string().optional(),
    limit: z.coerce.number().int().min(0).optional(),
    offset: z.coerce.number().int().min(0).optional(),
  })
  .catchall(z.string());
const rows = z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]);
const errors = [404, 406, 409, 413, 416] as const;

/**
 * The PostgREST-compatible data API, documented generically: one table or function name parameter;
 * which tables and columns exist is the allow-list of docs/data-api.md.
 */
export const REST_API: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/resources/search',
    summary:
      'Checks, components and configs by selector (001 §7): name contains the plain search text, agent all/local/id, types, id; each kind read through the data API as the caller',
    permission: PER_TABLE,
    body: resourceSearchSchema,
    response: resourceSearchResponseSchema,
    errors: [403],
  },
  {
    method: 'get',
    path: '/api/artifacts/download/{id}',
    summary:
      "The upstream console's artifact download (mission-control's /artifacts/download/{id}): 303 to the artifact's run or check download route",
    permission: {
      description:
        'reads the artifact through the data API as the caller (under its playbook run’s or check’s read rule): one they may not read is a 404; the route redirected to checks the caller again',
    },
    status: 303,
  },
  {
    method: 'get',
    path: '/api/db/{table}',
    summary: 'Read rows (PostgREST)',
    query: restQuery,
    response: dataApiRowsSchema,
    permission: PER_TABLE,
    errors,
  },
  {
    method: 'post',
    path: '/api/db/{table}',
    summary: 'Insert rows, or upsert with Prefer: resolution=merge-duplicates',
    query: restQuery,
    body: rows,
    status: 201,
    response: dataApiRowsSchema,
    permission: PER_TABLE,
    errors,
  },
  {
    method: 'patch',
    path: '/api/db/{table}',
    summary: 'Update the rows the filters match',
    query: restQuery,
    body: z.record(z.string(), z.unknown()),
    response: dataApiRowsSchema,
    permission: PER_TABLE,
    errors,
  },
  {
    method: 'delete',
    path: '/api/db/{table}',
    summary: 'Delete the rows the filters match',
    query: restQuery,
    response: dataApiRowsSchema,
    permission: PER_TABLE,
    errors,
  },
  {
    method: 'get',
    path: '/api/db/rpc/{fn}',
    summary: 'Call an exposed function with query arguments',
    query: restQuery,
    response: dataApiFunctionResultSchema,
    permission: PER_TABLE,
    errors,
  },
  {
    method: 'post',
    path: '/api/db/rpc/{fn}',
    summary: 'Call an exposed function with JSON arguments',
    body: z.record(z.string(), z.unknown()),
    response: dataApiFunctionResultSchema,
    permission: PER_TABLE,
    errors,
  },
];
