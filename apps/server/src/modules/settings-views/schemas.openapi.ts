import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The editor schemas API as `/api/openapi.json` describes it. */
export const SCHEMAS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/schemas',
    summary: 'The resource types the generic editor knows, with their schema URLs',
    response: z.array(z.object({ table: z.string(), title: z.string(), url: z.string() })),
  },
  {
    method: 'get',
    path: '/api/schemas/{file}',
    summary: 'The JSON schema of one type (`{type}.schema.json`)',
    response: z.record(z.string(), z.unknown()),
  },
  {
    method: 'post',
    path: '/api/schemas/{type}/validate',
    summary: 'Validate spec YAML (or a whole document) against the type’s schema, with line numbers',
    bodyContent: {
      'application/json': z.union([z.object({ spec: z.string() }), z.object({ document: z.string() })]),
      'application/yaml': z.string(),
    },
    response: z.object({ valid: z.literal(true), spec: z.unknown() }),
    errors: [413],
  },
];
