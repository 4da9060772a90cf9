// zod through @hono/zod-openapi, which extends it with `.openapi()` that the API document's registry calls:
// under the test runner the document fails without one such import in the app (the account routes held it
// while they used createRoute).
import { z } from '@hono/zod-openapi';
import {
  createRecoveryLinkSchema,
  flowErrorSchema,
  flowSubmissionSchema,
  identitySessionSchema,
  inviteUserResultSchema,
  inviteUserSchema,
  logoutUrlSchema,
  ORY_BASE_PATH,
  recoveryLinkSchema,
  selfServiceFlowSchema,
  whoamiAnswerSchema,
} from '@mc/contracts';
import type { RouteDoc } from '../../platform/openapi/route-docs.js';

const FLOW_KINDS = ['login', 'registration', 'recovery', 'verification', 'settings'] as const;

/** A Kratos flow submission: `method` and that method's fields, as JSON or a form. */
const submissionSchema = z.record(z.string(), z.unknown()).describe('`method` and its fields (Kratos)');
const flowQuery = z.object({ flow: z.string().optional() });

const flowRoutes = (kind: (typeof FLOW_KINDS)[number]): RouteDoc[] => {
  const base = `${ORY_BASE_PATH}/self-service/${kind}`;
  const permission = kind === 'settings' ? ({ signedIn: true } as const) : ({ public: true } as const);
  return [
    {
      method: 'get',
      path: `${base}/browser`,
      summary: `Start a ${kind} flow for a browser (redirects to its page; JSON when asked)`,
      permission,
      status: 303,
    },
    {
      method: 'get',
      path: `${base}/api`,
      summary: `Start a ${kind} flow for an API client`,
      permission,
      response: selfServiceFlowSchema,
    },
    {
      method: 'get',
      path: `${base}/flows`,
      summary: `Read a ${kind} flow`,
      query: z.object({ id: z.string() }),
      permission,
      response: selfServiceFlowSchema,
      errors: [404, 410],
    },
    {
      method: 'post',
      path: base,
      summary: `Submit a ${kind} flow`,
      query: flowQuery,
      bodyContent: { 'application/json': submissionSchema, 'application/x-www-form-urlencoded': submissionSchema },
      permission,
      response: flowSubmissionSchema,
      errors: [410, 422, 429],
    },
  ];
};

/**
 * The Kratos-compatible identity provider under `/api/.ory` and the account routes under `/api/auth`
 * (who-am-I, invitations, recovery links), as `/api/openapi.json` describes them.
 */
export const IDENTITY_API: readonly RouteDoc[] = [
  ...FLOW_KINDS.flatMap(flowRoutes),
  {
    method: 'get',
    path: `${ORY_BASE_PATH}/self-service/methods/oidc/callback/{provider}`,
    summary: 'OpenID Connect callback: signs in, registers or links the account, then redirects',
    query: z.object({ state: z.string(), code: z.string().optional(), error: z.string().optional() }),
    permission: { public: true },
    status: 303,
  },
  {
    method: 'get',
    path: `${ORY_BASE_PATH}/self-service/recovery`,
    summary:
      "Open an administrator's recovery link: a live token signs the browser in and sends it to set a new password; a used, expired or wrong one starts a fresh recovery flow saying so",
    query: z.object({ flow: z.string(), token: z.string() }),
    permission: { public: true },
    status: 303,
  },
  {
    method: 'get',
    path: `${ORY_BASE_PATH}/sessions/whoami`,
    summary: 'The session of the cookie or X-Session-Token (403 when a second factor is due)',
    permission: { signedIn: true },
    response: identitySessionSchema,
  },
  {
    method: 'get',
    path: `${ORY_BASE_PATH}/self-service/logout/browser`,
    summary: 'A logout URL and token for the browser session',
    query: z.object({ return_to: z.string().optional() }),
    permission: { signedIn: true },
    response: logoutUrlSchema,
  },
  {
    method: 'get',
    path: `${ORY_BASE_PATH}/self-service/logout`,
    summary: 'End the browser session of a logout token',
    query: z.object({ token: z.string(), return_to: z.string().optional() }),
    permission: { public: true },
    status: 303,
  },
  {
    method: 'delete',
    path: `${ORY_BASE_PATH}/self-service/logout/api`,
    summary: 'End an API session',
    body: z.object({ session_token: z.string() }),
    permission: { public: true },
    status: 204,
  },
  {
    method: 'get',
    path: `${ORY_BASE_PATH}/self-service/errors`,
    summary: 'A stored flow error',
    query: z.object({ id: z.string() }),
    permission: { public: true },
    response: flowErrorSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/auth/whoami',
    summary:
      "The signed-in user, their roles and effective permissions; again in upstream's envelope {message, payload:{user, roles, permissions, hostname}}",
    response: whoamiAnswerSchema,
  },
  {
    method: 'post',
    path: '/api/auth/invite_user',
    summary: 'Invite a person with a role; mails a registration link, or answers it when it could not be mailed',
    body: inviteUserSchema,
    response: inviteUserResultSchema,
    status: 201,
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/auth/recovery_link',
    summary: "Create a single-use recovery link for a person (administrators; Kratos's admin recovery link)",
    body: createRecoveryLinkSchema,
    response: recoveryLinkSchema,
    status: 201,
    errors: [404],
  },
];
