import {
  jwksSchema,
  organizationListSchema,
  organizationMembersSchema,
  organizationSchema,
  organizationStatusSchema,
  organizationTokenSchema,
} from '@mc/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

/** The path of one organisation. */
export const orgIdParam = z.object({ id: z.guid() });
/** The path of one member of an organisation. */
export const memberParam = z.object({ id: z.guid(), personId: z.guid() });
/** A new organisation: a name; the metadata is checked by the service's own rules. */
export const createOrgBody = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters'),
  backend_url: z.unknown().optional(),
  direct: z.unknown().optional(),
  instance_finished: z.unknown().optional(),
});
/** A change of an organisation; each field is checked by the service's own rules. */
export const updateOrgBody = z.object({
  name: z.unknown().optional(),
  backend_url: z.unknown().optional(),
  direct: z.unknown().optional(),
  instance_finished: z.unknown().optional(),
});
/** A member to add or a role to change, by the email the person signs in with. */
export const putMemberBody = z.object({
  email: z.email({ message: 'email must be an email address' }),
  role: z.unknown(),
});

/**
 * The organisation service's routes (MC_AUTH_MODE=hosted only) as `/api/openapi.json` describes them;
 * registered with the routes, since other modes do not serve them.
 */
export const ORGANIZATIONS_API: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/.well-known/jwks.json',
    summary: 'The public keys organisation backends verify this service’s tokens with',
    permission: { public: true },
    response: jwksSchema,
  },
  {
    method: 'get',
    path: '/api/organizations',
    summary: 'The organisations the caller belongs to, with their role',
    response: organizationListSchema,
  },
  {
    method: 'post',
    path: '/api/organizations',
    summary: 'Create an organisation (the caller becomes its owner) and start its provisioning hook',
    body: createOrgBody,
    response: organizationSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/api/organizations/{id}',
    summary: 'One of the caller’s organisations',
    params: orgIdParam,
    response: organizationSchema,
  },
  {
    method: 'patch',
    path: '/api/organizations/{id}',
    summary: 'Change an organisation’s name or metadata (owners and admins)',
    params: orgIdParam,
    body: updateOrgBody,
    response: organizationSchema,
  },
  {
    method: 'get',
    path: '/api/organizations/{id}/members',
    summary: 'The members of one of the caller’s organisations',
    params: orgIdParam,
    response: organizationMembersSchema,
  },
  {
    method: 'post',
    path: '/api/organizations/{id}/members',
    summary: 'Add a person by email or change a member’s role (owners and admins)',
    params: orgIdParam,
    body: putMemberBody,
    response: organizationMembersSchema,
  },
  {
    method: 'delete',
    path: '/api/organizations/{id}/members/{personId}',
    summary: 'Remove a member (owners and admins; anyone may leave)',
    params: memberParam,
    status: 204,
  },
  {
    method: 'post',
    path: '/api/organizations/{id}/token',
    summary: 'A short-lived token for the organisation’s backend (direct mode)',
    params: orgIdParam,
    response: organizationTokenSchema,
  },
  {
    method: 'get',
    path: '/api/organizations/{id}/status',
    summary: 'Whether the organisation’s backend is ready (spec 000 §8: provisioning, ready or error)',
    params: orgIdParam,
    response: organizationStatusSchema,
  },
];
