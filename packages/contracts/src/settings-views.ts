import { z } from 'zod';

/** `GET /api/schemas` answer: the resource types the generic editor knows, with their schema URLs. */
export const editorSchemaListSchema = z.array(z.object({ table: z.string(), title: z.string(), url: z.string() }));

/** `GET /api/schemas/{file}` answer: a JSON schema document. */
export const jsonSchemaDocumentSchema = z.record(z.string(), z.unknown());

/** `POST /api/schemas/{type}/validate` answer: the spec parsed (a 400 lists the issues with their lines). */
export const specValidSchema = z.object({ valid: z.literal(true), spec: z.unknown() });
