import { z } from 'zod';

/** `GET /api/about` answer. */
export const aboutSchema = z.object({
  version: z.string(),
  engine: z.enum(['postgres', 'pglite']),
  /** Whether /registration works without an invitation (the sign-in page hides its link otherwise). */
  selfRegistration: z.boolean(),
});

/** `GET /health` answer when the database answered. */
export const liveSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** `GET /api/openapi.json` answer: the OpenAPI 3.1 document of every route. */
export const apiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
