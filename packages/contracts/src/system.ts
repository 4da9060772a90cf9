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

/** `GET /livez` answer: the process is alive (no dependency is checked). */
export const livenessSchema = z.object({ status: z.literal('ok') });

/** Conditions `GET /readyz` requires, in the order it reports them. */
export const READINESS_CONDITIONS = ['draining', 'database', 'migrations'] as const;

/** `GET /readyz` answer when the process takes traffic: migrations applied, database answering, not draining. */
export const readySchema = z.object({ status: z.literal('ready') });

/** `GET /readyz` 503 answer: each condition that failed, with why. */
export const notReadySchema = z.object({
  status: z.literal('not ready'),
  failed: z.array(z.object({ condition: z.enum(READINESS_CONDITIONS), message: z.string() })).min(1),
});

/** `GET /api/openapi.json` answer: the OpenAPI 3.1 document of every route. */
export const apiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
