import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

type Db = Kysely<Tables>;

/** An organisation as the service stores it. */
export interface OrganizationRow {
  id: string;
  name: string;
  backend_url: string | null;
  instance_finished: boolean;
  direct: boolean;
  created_at: Date;
}

/** An organisation with the caller's role in it. */
export interface MembershipRow extends OrganizationRow {
  role: OrgRole;
}

/** Organisation roles, strongest first. */
export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
/** One of {@link ORG_ROLES}. */
export type OrgRole = (typeof ORG_ROLES)[number];

/** A member as the members list shows it. */
export interface MemberRow {
  person_id: string;
  name: string;
  email: string | null;
  role: OrgRole;
}

const ORG_COLUMNS = sql`o.id, o.name, o.backend_url, o.instance_finished, o.direct, o.created_at`;

/** The organisations `personId` belongs to, with their role, oldest first. */
export async function listMemberships(db: Db, personId: string): Promise<MembershipRow[]> {
  const { rows } = await sql<MembershipRow>`
    SELECT ${ORG_COLUMNS}, m.role FROM organizations o
    JOIN organization_members m ON m.organization_id = o.id AND m.person_id = ${personId}
    ORDER BY o.created_at, o.id`.execute(db);
  return rows;
}

/** One organisation with `personId`'s role in it; undefined when it does not exist or they are no member. */
export async function findMembership(db: Db, orgId: string, personId: string): Promise<MembershipRow | undefined> {
  const { rows } = await sql<MembershipRow>`
    SELECT ${ORG_COLUMNS}, m.role FROM organizations o
    JOIN organization_members m ON m.organization_id = o.id AND m.person_id = ${personId}
    WHERE o.id = ${orgId}`.execute(db);
  return rows[0];
}

/** One organisation by id. */
export async function findOrganization(db: Db, orgId: string): Promise<OrganizationRow | undefined> {
  const { rows } = await sql<OrganizationRow>`SELECT ${ORG_COLUMNS} FROM organizations o WHERE o.id = ${orgId}`.execute(
    db,
  );
  return rows[0];
}

/** Creates an organisation with its creator as owner. */
export async function insertOrganization(
  db: Db,
  values: { name: string; backend_url: string | null; direct: boolean; instance_finished: boolean },
  ownerId: string,
): Promise<OrganizationRow> {
  const { rows } = await sql<OrganizationRow>`
    INSERT INTO organizations (name, backend_url, direct, instance_finished, created_by)
    VALUES (${values.name}, ${values.backend_url}, ${values.direct}, ${values.instance_finished}, ${ownerId})
    RETURNING id, name, backend_url, instance_finished, direct, created_at`.execute(db);
  const org = rows[0] as OrganizationRow; // INSERT … RETURNING yields one row
  await sql`INSERT INTO organization_members (organization_id, person_id, role) VALUES (${org.id}, ${ownerId}, 'owner')`.execute(
    db,
  );
  return org;
}

/** Changes an organisation's metadata; returns the row after the change. */
export async function updateOrganization(
  db: Db,
  orgId: string,
  patch: Partial<Pick<OrganizationRow, 'name' | 'backend_url' | 'instance_finished' | 'direct'>>,
): Promise<OrganizationRow | undefined> {
  const { rows } = await sql<OrganizationRow>`
    UPDATE organizations SET
      name = COALESCE(${patch.name ?? null}, name),
      backend_url = CASE WHEN ${patch.backend_url !== undefined} THEN ${patch.backend_url ?? null} ELSE backend_url END,
      instance_finished = COALESCE(${patch.instance_finished ?? null}::boolean, instance_finished),
      direct = COALESCE(${patch.direct ?? null}::boolean, direct),
      updated_at = now()
    WHERE id = ${orgId}
    RETURNING id, name, backend_url, instance_finished, direct, created_at`.execute(db);
  return rows[0];
}

/** The members of an organisation, by name. */
export async function listMembers(db: Db, orgId: string): Promise<MemberRow[]> {
  const { rows } = await sql<MemberRow>`
    SELECT m.person_id, p.name, p.email, m.role FROM organization_members m JOIN people p ON p.id = m.person_id
    WHERE m.organization_id = ${orgId} ORDER BY p.name, p.id`.execute(db);
  return rows;
}

/** The live person with this email address (people are the identity module's; no second user store). */
export async function findPersonByEmail(db: Db, email: string): Promise<{ id: string } | undefined> {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM people WHERE lower(email) = lower(${email}) AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** Adds a member or changes their role. */
export async function upsertMember(db: Db, orgId: string, personId: string, role: OrgRole): Promise<void> {
  await sql`
    INSERT INTO organization_members (organization_id, person_id, role) VALUES (${orgId}, ${personId}, ${role})
    ON CONFLICT (organization_id, person_id) DO UPDATE SET role = EXCLUDED.role`.execute(db);
}

/** Removes a member; true when there was one. */
export async function deleteMember(db: Db, orgId: string, personId: string): Promise<boolean> {
  const result = await sql`
    DELETE FROM organization_members WHERE organization_id = ${orgId} AND person_id = ${personId}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** How many owners an organisation has (the last one cannot leave or be demoted). */
export async function countOwners(db: Db, orgId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM organization_members WHERE organization_id = ${orgId} AND role = 'owner'`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}

/** A signing key as stored. */
export interface SigningKeyRow {
  kid: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
}

/** Every signing key, newest first. */
export async function listSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  const { rows } = await sql<SigningKeyRow>`
    SELECT kid, private_jwk, public_jwk FROM organization_signing_keys ORDER BY created_at DESC, kid`.execute(db);
  return rows;
}

/** Stores a signing key unless one exists already (replicas starting together keep the first). */
export async function insertSigningKeyIfNone(db: Db, key: SigningKeyRow): Promise<void> {
  await sql`
    INSERT INTO organization_signing_keys (kid, private_jwk, public_jwk)
    SELECT ${key.kid}, ${JSON.stringify(key.private_jwk)}::jsonb, ${JSON.stringify(key.public_jwk)}::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM organization_signing_keys)`.execute(db);
}

/** The backend-side person a token subject maps to: by the token's subject, else by email. */
export async function findPersonForSubject(
  db: Db,
  subject: string,
  email: string | null,
): Promise<{ id: string; external_id: string | null } | undefined> {
  const { rows } = await sql<{ id: string; external_id: string | null }>`
    SELECT id, external_id FROM people WHERE deleted_at IS NULL AND (external_id = ${subject} OR
      (${email}::text IS NOT NULL AND lower(email) = lower(${email})))
    ORDER BY (external_id = ${subject}) DESC NULLS LAST LIMIT 1`.execute(db);
  return rows[0];
}

/** What {@link ensureSubjectPerson} did: nothing new, a person created, or an existing person linked by email. */
export type SubjectAdmission =
  | { id: string; outcome: 'known' }
  | { id: string; outcome: 'created'; after: object }
  | { id: string; outcome: 'linked'; before: object; after: object };

/** Creates the backend-side person of a token subject on first sight, or links an existing one by email. */
export async function ensureSubjectPerson(
  db: Db,
  subject: string,
  profile: { name: string; email: string | null },
): Promise<SubjectAdmission> {
  const found = await findPersonForSubject(db, subject, profile.email);
  if (found) {
    if (found.external_id === subject) return { id: found.id, outcome: 'known' };
    await sql`UPDATE people SET external_id = ${subject}, updated_at = now() WHERE id = ${found.id}`.execute(db);
    return {
      id: found.id,
      outcome: 'linked',
      before: { external_id: found.external_id },
      after: { external_id: subject },
    };
  }
  const { rows } = await sql<{ id: string }>`
    INSERT INTO people (name, email, external_id, type) VALUES (${profile.name}, ${profile.email}, ${subject}, 'organization')
    ON CONFLICT (email) DO UPDATE SET external_id = EXCLUDED.external_id RETURNING id`.execute(db);
  const id = (rows[0] as { id: string }).id; // INSERT … RETURNING yields one row
  return {
    id,
    outcome: 'created',
    after: { name: profile.name, email: profile.email, external_id: subject, type: 'organization' },
  };
}

/** The name and email a person's organisation tokens carry. */
export async function findPersonProfile(db: Db, personId: string): Promise<{ name: string; email: string | null }> {
  const { rows } = await sql<{ name: string; email: string | null }>`
    SELECT name, email FROM people WHERE id = ${personId}`.execute(db);
  return rows[0] ?? { name: 'Unknown', email: null };
}
