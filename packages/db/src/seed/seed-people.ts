import { exec, idSql, LOCAL_AGENT_ID, type SeedContext } from './context.js';

/** The stable demo people (same emails in every batch) and the role each gets when role assignments exist. */
export const DEMO_PEOPLE = [
  { name: 'Alice Admin', email: 'admin@demo.local', role: 'admin' },
  { name: 'Eddie Editor', email: 'editor@demo.local', role: 'editor' },
  { name: 'Vera Viewer', email: 'viewer@demo.local', role: 'viewer' },
  { name: 'Cora Commander', email: 'commander@demo.local', role: 'commander' },
  { name: 'Ravi Responder', email: 'responder@demo.local', role: 'responder' },
  { name: 'Sam Oncall', email: 'oncall@demo.local', role: 'responder' },
] as const;

/** The stable demo teams. */
export const DEMO_TEAMS = ['Platform', 'Payments', 'SRE'] as const;

const FIRST = ['Ana', 'Ben', 'Chen', 'Dara', 'Eli', 'Fatima', 'Goran', 'Hana', 'Ivan', 'Jo', 'Kemal', 'Lena'];
const LAST = ['Silva', 'Okafor', 'Novak', 'Tanaka', 'Meyer', 'Haddad', 'Kowalski', 'Larsen', 'Rossi', 'Singh'];

/** Core people (kept across batches), extra people, teams with members, role assignments, agents. */
export async function seedPeople(ctx: SeedContext): Promise<void> {
  const { client, sizes, tag } = ctx;
  for (const person of DEMO_PEOPLE) {
    await client.query(
      `INSERT INTO people (name, email, type, avatar) VALUES ($1, $2, 'person', NULL)
       ON CONFLICT (email) DO UPDATE SET deleted_at = NULL`,
      [person.name, person.email],
    );
  }
  const extra = sizes.people - DEMO_PEOPLE.length;
  await exec(
    ctx,
    `INSERT INTO people (id, name, email, type, title, organization)
     SELECT ${idSql('person', 'g')}, ($2::text[])[1 + g % 12] || ' ' || ($3::text[])[1 + (g / 12) % 10] || ' ' || g,
       'person' || g || $4::text || '@demo.local', 'person', (ARRAY['SRE', 'Developer', 'Manager'])[1 + g % 3], 'Demo'
     FROM generate_series(1, $5::int) AS g`,
    [FIRST, LAST, tag, Math.max(0, extra)],
  );
  for (const team of DEMO_TEAMS) {
    await client.query(
      `INSERT INTO teams (name, icon, spec, created_by)
       SELECT $1::text, 'group', '{}', (SELECT id FROM people WHERE email = 'admin@demo.local')
       WHERE NOT EXISTS (SELECT 1 FROM teams WHERE name = $1::text AND deleted_at IS NULL)`,
      [team],
    );
  }
  await exec(
    ctx,
    `INSERT INTO teams (id, name, icon, spec, created_by)
     SELECT ${idSql('team', 'g')}, 'Team ' || g || $2::text, 'group', '{}', (SELECT id FROM people WHERE email = 'admin@demo.local')
     FROM generate_series(1, $3::int) AS g`,
    [tag, Math.max(0, sizes.teams - DEMO_TEAMS.length)],
  );
  const people = await client.query<{ id: string }>(
    `SELECT id FROM people WHERE email LIKE '%@demo.local' AND deleted_at IS NULL
     ORDER BY email NOT IN (${DEMO_PEOPLE.map((_, i) => `$${i + 1}`).join(', ')}), created_at, email`,
    DEMO_PEOPLE.map((person) => person.email),
  );
  ctx.people = people.rows.map((row) => row.id);
  const teams = await client.query<{ id: string }>(
    `SELECT id FROM teams WHERE deleted_at IS NULL AND (name = ANY($1::text[]) OR name LIKE 'Team %') ORDER BY created_at, name`,
    [DEMO_TEAMS],
  );
  ctx.teams = teams.rows.map((row) => row.id);
  await client.query(
    `INSERT INTO team_members (team_id, person_id)
     SELECT t.id, p.id FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ti)
     JOIN unnest($2::uuid[]) WITH ORDINALITY AS p(id, pi) ON (p.pi + t.ti) % 3 = 0 OR p.pi = 1
     ON CONFLICT DO NOTHING`,
    [ctx.teams, ctx.people],
  );
  await seedRoles(ctx);
  await exec(
    ctx,
    `INSERT INTO agents (id, name, hostname, description, version, properties, last_seen, last_received)
     SELECT ${idSql('agent', 'g')}, (ARRAY['eu-west-cluster', 'us-east-cluster'])[g] || $2::text,
       (ARRAY['k8s-eu-west-1', 'k8s-us-east-1'])[g], 'Demo agent', 'v0.4.2', '{"region": "demo"}',
       CASE WHEN g = 1 THEN now() ELSE now() - interval '2 hours' END, now() - interval '30 seconds'
     FROM generate_series(1, 2) AS g`,
    [tag],
  );
  ctx.agents = [LOCAL_AGENT_ID, ...(await batchAgents(ctx))];
}

async function batchAgents(ctx: SeedContext): Promise<string[]> {
  const { rows } = await ctx.client.query<{ id: string }>(
    `SELECT id FROM agents WHERE name = ANY($1::text[]) AND deleted_at IS NULL`,
    [[`eu-west-cluster${ctx.tag}`, `us-east-cluster${ctx.tag}`]],
  );
  return rows.map((row) => row.id);
}

/** Role assignments live in casbin_rule (identity migration); skipped when that table does not exist. */
async function seedRoles(ctx: SeedContext): Promise<void> {
  const { rows } = await ctx.client.query<{ present: boolean }>(
    "SELECT to_regclass('casbin_rule') IS NOT NULL AS present",
  );
  if (!rows[0]?.present) return;
  const roles = ctx.people.map((_, i) => DEMO_PEOPLE[i]?.role ?? (i % 2 === 0 ? 'responder' : 'viewer'));
  await ctx.client.query(
    `INSERT INTO casbin_rule (ptype, v0, v1)
     SELECT 'g', id::text, role FROM unnest($1::uuid[], $2::text[]) AS r(id, role)
     ON CONFLICT DO NOTHING`,
    [ctx.people, roles],
  );
}
