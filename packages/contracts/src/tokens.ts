import { z } from 'zod';

/** An API token as the token routes answer it (never its secret, except once on creation). */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
/** An API token's public fields. */
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `POST /api/auth/tokens` answer: the token with its secret, shown this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });

/** `GET /api/auth/tokens` answer: the caller's live tokens. */
export const apiTokenListSchema = z.array(apiTokenSchema);
