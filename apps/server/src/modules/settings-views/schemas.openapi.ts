import { editorSchemaListSchema, jsonSchemaDocumentSchema, specValidSchema } from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The editor schemas API as `/api/openapi.json` describes it. */
export const SCHEMAS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/schemas',
    summary: 'The resource types the generic editor knows, with their schema URLs',
    response: editorSchemaListSchema,
  },
  {
    method: 'get',
    path: '/api/schemas/{file}',
    summary: 'The JSON schema of one type (`{type}.schema.json`)',
    response: jsonSchemaDocumentSchema,
  },
  {
    method: 'post',
    path: '/api/schemas/{type}/validate',
    summary: 'Validate spec YAML (or a whole document) against the type’s schema, with line numbers',
    bodyContent: {
      'application/json': z.union([z.object({ spec: z.string() }), z.object({ document: z.string() })]),
      'application/yaml': z.string(),
    },
    response: specValidSchema,
    errors: [413],
  },
];
