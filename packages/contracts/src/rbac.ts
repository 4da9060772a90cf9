import { z } from 'zod';

/** Roles a person can hold (spec 001 §6). */
export const ROLES = ['admin', 'editor', 'viewer', 'guest', 'commander', 'responder'] as const;
/** One role. */
export type Role = (typeof ROLES)[number];

/** Resource kinds of the role matrix (spec 001 §6); every route and table maps to one. */
export const RESOURCE_KINDS = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'feature_flags',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
  'permissions',
  'server_logs',
] as const;
/** One matrix resource kind. */
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** Global object kinds a permission row may name (spec 001 §3). */
export const PERMISSION_OBJECTS = [
  'canaries',
  'catalog',
  'incident',
  'people',
  'topology',
  'playbooks',
  'connection',
  'connection-detail',
  'agent-push',
  'kubernetes-proxy',
  'notification',
  'rbac',
  'logs',
  'agent',
  'artifact',
  'logs:server',
] as const;

/**
 * The matrix kind a permission object stands for, so a row on `catalog` grants what the matrix
 * calls `database`. Objects not listed here are matrix kinds themselves.
 */
export const OBJECT_TO_KIND: Readonly<Record<string, ResourceKind>> = {
  catalog: 'database',
  people: 'identities',
  topology: 'topologies',
  connection: 'connections',
  'connection-detail': 'connections',
  'kubernetes-proxy': 'connections',
  'agent-push': 'agents',
  agent: 'agents',
  notification: 'notifications',
  logs: 'logging_backends',
  artifact: 'database',
  'logs:server': 'server_logs',
};

/** Actions a permission row may carry (spec 001 §6), in the order the form offers them. */
export const PERMISSION_ACTIONS = [
  'read',
  'update',
  'create',
  'delete',
  '*',
  'create,read,update,delete',
  'playbook:run',
  'playbook:approve',
] as const;

/** What a request does to a resource; `write` covers create, update and delete. */
export type AccessAction = 'read' | 'write' | 'create' | 'update' | 'delete' | 'playbook:run' | 'playbook:approve';

const WRITE_FREE: readonly ResourceKind[] = [];
const NO_SECRETS: readonly ResourceKind[] = ['rbac', 'identities', 'connections'];
const RESPONDER_WRITES: readonly ResourceKind[] = ['responder', 'incident', 'evidences', 'comments'];
/**
 * Kinds only administrators hold by the matrix (a permission row may still grant them): the server's own
 * log lines (`server_logs`, permission object `logs:server`) record what every request and job did, so
 * they are the operator's, not every signed-in person's (issue 25).
 */
export const ADMIN_ONLY_KINDS: readonly ResourceKind[] = ['server_logs'];
const notAdminOnly = (kind: ResourceKind) => !ADMIN_ONLY_KINDS.includes(kind);
const readable = (kind: ResourceKind) => !NO_SECRETS.includes(kind) && notAdminOnly(kind);

/** The role matrix of spec 001 §6: what each role may read and write (plus {@link ADMIN_ONLY_KINDS}). */
export const ROLE_MATRIX: Readonly<
  Record<Role, { read: (kind: ResourceKind) => boolean; write: (kind: ResourceKind) => boolean }>
> = {
  admin: { read: () => true, write: () => true },
  editor: { read: notAdminOnly, write: (kind) => readable(kind) },
  commander: { read: readable, write: (kind) => RESPONDER_WRITES.includes(kind) },
  responder: { read: readable, write: (kind) => RESPONDER_WRITES.includes(kind) },
  viewer: { read: readable, write: (kind) => WRITE_FREE.includes(kind) },
  guest: { read: readable, write: (kind) => WRITE_FREE.includes(kind) },
};

/** True when one of `roles` grants `action` on `kind` by the matrix alone. */
export function roleAllows(roles: readonly string[], kind: ResourceKind, action: 'read' | 'write'): boolean {
  return roles.some((role) => (ROLES as readonly string[]).includes(role) && ROLE_MATRIX[role as Role][action](kind)); // guarded by the includes check
}

/** One effective permission as the who-am-I answer lists it. */
export const whoamiPermissionSchema = z.object({
  resource: z.string(),
  action: z.string(),
  deny: z.boolean().optional(),
});
/** An effective permission. */
export type WhoamiPermission = z.infer<typeof whoamiPermissionSchema>;

/** `GET /api/auth/whoami` answer. */
export const whoamiSchema = z.object({
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), avatar: z.string().optional() }),
  roles: z.array(z.string()),
  permissions: z.array(whoamiPermissionSchema),
});
/** The signed-in user, roles and effective permissions. */
export type Whoami = z.infer<typeof whoamiSchema>;

/** One effective permission as upstream's console reads it (casbin's subject, object, action). */
export const upstreamPermissionSchema = z.object({
  subject: z.string(),
  object: z.string(),
  action: z.string(),
  deny: z.boolean(),
});

/**
 * The whole `GET /api/auth/whoami` answer: our console's fields at the top level, and the same facts in
 * upstream's envelope (`{message, payload:{user, roles, permissions, hostname}}`, mission-control
 * auth.WhoAmI), which upstream's console unwraps on every route before it renders.
 */
export const whoamiAnswerSchema = whoamiSchema.extend({
  message: z.literal('success'),
  payload: z.object({
    user: whoamiSchema.shape.user,
    roles: z.array(z.string()),
    permissions: z.array(upstreamPermissionSchema),
    hostname: z.string(),
  }),
});
/** The who-am-I answer with upstream's envelope. */
export type WhoamiAnswer = z.infer<typeof whoamiAnswerSchema>;

/** True when the who-am-I answer allows `action` on `resource` (deny wins); the console hides controls with it. */
export function canAccess(whoami: Pick<Whoami, 'permissions'>, resource: string, action: 'read' | 'write'): boolean {
  const matches = whoami.permissions.filter(
    (p) => (p.resource === resource || p.resource === '*') && (p.action === action || p.action === '*'),
  );
  return matches.length > 0 && !matches.some((p) => p.deny);
}

/** Messages of the permission form (spec 001 §5) and toasts (spec 001 §8). */
export const PERMISSION_MESSAGES = {
  resourceRequired: 'A resource is required: catalog, component, connection, playbook or a global object',
  subjectRequired: 'A subject is required: team, person or notification',
  added: 'Permission added',
  updated: 'Permission updated',
  deleted: 'Permission deleted',
} as const;

/** Body of a permission create or update (spec 001 §3, §5). Exactly one subject and one resource. */
export const permissionInputSchema = z
  .object({
    action: z.enum(PERMISSION_ACTIONS),
    deny: z.boolean().default(false),
    description: z.string().max(1000).nullish(),
    object: z.string().min(1).nullish(),
    config_id: z.guid().nullish(),
    component_id: z.guid().nullish(),
    canary_id: z.guid().nullish(),
    playbook_id: z.guid().nullish(),
    connection_id: z.guid().nullish(),
    check_id: z.guid().nullish(),
    person_id: z.guid().nullish(),
    team_id: z.guid().nullish(),
    notification_id: z.guid().nullish(),
    until: z.iso.datetime({ offset: true }).nullish(),
  })
  .refine(
    (p) =>
      [p.object, p.config_id, p.component_id, p.canary_id, p.playbook_id, p.connection_id, p.check_id].filter(Boolean)
        .length === 1,
    { message: PERMISSION_MESSAGES.resourceRequired, path: ['object'] },
  )
  .refine((p) => [p.person_id, p.team_id, p.notification_id].filter(Boolean).length === 1, {
    message: PERMISSION_MESSAGES.subjectRequired,
    path: ['person_id'],
  });
/** A permission create or update body. */
export type PermissionInput = z.infer<typeof permissionInputSchema>;
