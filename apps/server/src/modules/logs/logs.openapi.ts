import { logBackendListSchema, logSearchRequestSchema, logSearchResponseSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The log search API as `/api/openapi.json` describes it. */
export const LOGS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/logs/backends',
    summary: 'Log backends the console can search: the built-in one (this server’s own logs) and the stored ones',
    response: logBackendListSchema,
  },
  {
    method: 'post',
    path: '/api/logs',
    summary:
      'Search a log backend {name, id, query}: lines newest first with timestamp, level, message and labels, a total when known and a cursor; a backend failure answers 502 with its message; a backend run by an agent that is offline or silent answers 504',
    body: logSearchRequestSchema,
    response: logSearchResponseSchema,
    errors: [404, 502, 504],
  },
  {
    method: 'get',
    path: '/api/logs/tail',
    summary:
      'Live tail as server-sent events (event lines: new lines oldest first; ping; failure): name, id, text, levels (comma-separated), labels (JSON)',
    query: z.object({
      name: z.string(),
      id: z.string().optional(),
      text: z.string().optional(),
      levels: z.string().optional(),
      labels: z.string().optional(),
    }),
    errors: [404, 502, 504],
  },
];
