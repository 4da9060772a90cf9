import { sql } from 'kysely';
import { signedInUser } from './signed-in-api.js';
import type { TestApp } from './test-app.js';

/** The resources of {@link seedHiddenResources}, by name. */
export interface HiddenResourceIds {
  /** `estate` → `public` → `web`, and `estate` → `secret` → `vault`. */
  estate: string;
  public: string;
  web: string;
  secret: string;
  vault: string;
  /** A check and a config item no permission row names. */
  canary: string;
  check: string;
  config: string;
}

/** People signed in for {@link seedHiddenResources}: tokens, and ids where a test needs them. */
export interface HiddenResourcePeople {
  /** Roles `guest` + `responder` + `editor` (reads everything, writes incidents, notifications, runs playbooks) and a deny row on `secret`. */
  denied: { id: string; token: string };
  /**
   * No role; permission rows: read on the `public` subtree only, and read and write on incidents,
   * playbooks (read and run), notifications and logs — so every route answers, and only `public`, `web`
   * and no check or config item is theirs to read.
   */
  subtreeOnly: { id: string; token: string };
  /** Role `viewer`, no rows: reads everything. */
  viewer: { id: string; token: string };
  /** Role `admin`. */
  admin: { id: string; token: string };
}

/**
 * A small estate where some resources are hidden from some people (docs/security.md, "Resource ids in
 * requests"): `secret` and `vault` from {@link HiddenResourcePeople.denied} by a deny row, everything
 * but the `public` subtree from {@link HiddenResourcePeople.subtreeOnly}.
 */
export async function seedHiddenResources(
  t: TestApp,
): Promise<{ ids: HiddenResourceIds; people: HiddenResourcePeople }> {
  const db = t.database.db;
  const topology = await sql<{ id: string }>`INSERT INTO topologies (name, spec)
    VALUES ('hidden-estate', '{}'::jsonb) RETURNING id`.execute(db);
  const topologyId = topology.rows[0]?.id ?? '';
  const found: Record<string, string> = {};
  const component = async (name: string, parent?: string) => {
    const parentId = parent ? found[parent] : null;
    const path = parent
      ? (await sql<{ path: string | null }>`SELECT path FROM components WHERE id = ${parentId}`.execute(db)).rows[0]
          ?.path
      : null;
    const fullPath = parentId ? (path ? `${path}.${parentId}` : parentId) : null;
    const { rows } = await sql<{ id: string }>`INSERT INTO components
        (topology_id, external_id, parent_id, name, type, path, status, log_selectors)
      VALUES (${topologyId}, ${name}, ${parentId}, ${name}, 'Service', ${fullPath}, 'unhealthy',
        ${JSON.stringify([{ labels: { module: `${name}-logs` } }])}::jsonb) RETURNING id`.execute(db);
    found[name] = rows[0]?.id ?? '';
  };
  await component('estate');
  await component('public', 'estate');
  await component('web', 'public');
  await component('secret', 'estate');
  await component('vault', 'secret');
  const canary = await sql<{ id: string }>`INSERT INTO canaries (name, namespace, spec, source)
    VALUES ('hidden-estate', 'default', '{}'::jsonb, 'UI') RETURNING id`.execute(db);
  const canaryId = canary.rows[0]?.id ?? '';
  const check = await sql<{ id: string }>`INSERT INTO checks (canary_id, type, name, status)
    VALUES (${canaryId}, 'http', 'vault-check', 'unhealthy') RETURNING id`.execute(db);
  const config = await sql<{ id: string }>`INSERT INTO config_items (config_class, type, name, health)
    VALUES ('Database', 'Vault::Store', 'vault-store', 'unhealthy') RETURNING id`.execute(db);

  const denied = await signedInUser(t, { roles: ['guest', 'responder', 'editor'] });
  const subtreeOnly = await signedInUser(t, { roles: [] });
  const viewer = await signedInUser(t, { roles: ['viewer'] });
  const admin = await signedInUser(t, { roles: ['admin'] });
  await sql`INSERT INTO permissions (person_id, component_id, object, action, deny) VALUES
      (${denied.id}, ${found.secret}, NULL, 'read', true),
      (${subtreeOnly.id}, ${found.public}, NULL, 'read', false),
      (${subtreeOnly.id}, NULL, 'incident', 'create,read,update,delete', false),
      (${subtreeOnly.id}, NULL, 'evidences', 'create,read,update,delete', false),
      (${subtreeOnly.id}, NULL, 'playbooks', 'read,playbook:run', false),
      (${subtreeOnly.id}, NULL, 'notification', 'create,read,update,delete', false),
      (${subtreeOnly.id}, NULL, 'logs', 'read', false)`.execute(db);
  const person = (user: { id: string; token: string }) => ({ id: user.id, token: user.token });
  return {
    ids: {
      estate: found.estate ?? '',
      public: found.public ?? '',
      web: found.web ?? '',
      secret: found.secret ?? '',
      vault: found.vault ?? '',
      canary: canaryId,
      check: check.rows[0]?.id ?? '',
      config: config.rows[0]?.id ?? '',
    },
    people: {
      denied: person(denied),
      subtreeOnly: person(subtreeOnly),
      viewer: person(viewer),
      admin: person(admin),
    },
  };
}
