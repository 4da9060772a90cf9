import { z } from 'zod';

/** Roles of a member of an organisation (hosted mode). */
export const ORG_ROLE_NAMES = ['owner', 'admin', 'member'] as const;

/** An organisation as the caller sees it, with their role (hosted mode). */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  backend_url: z.string().nullable(),
  instance_finished: z.boolean(),
  direct: z.boolean(),
  role: z.enum(ORG_ROLE_NAMES),
  created_at: z.string(),
});

/** `GET /api/organizations` answer. */
export const organizationListSchema = z.array(organizationSchema);

/** `GET`/`POST /api/organizations/{id}/members` answer: the members with their roles. */
export const organizationMembersSchema = z.array(
  z.object({ person_id: z.string(), name: z.string(), email: z.string().nullable(), role: z.enum(ORG_ROLE_NAMES) }),
);

/** `POST /api/organizations/{id}/token` answer: a short-lived token for the organisation's backend. */
export const organizationTokenSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  backend_url: z.string().nullable(),
  direct: z.boolean(),
});

/** `GET /api/organizations/{id}/status` answer: whether the organisation's backend is ready. */
export const organizationStatusSchema = z.object({
  state: z.enum(['provisioning', 'ready', 'error']),
  message: z.string().nullable(),
});

/** `GET /.well-known/jwks.json` answer: the public keys organisation backends verify tokens with. */
export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
