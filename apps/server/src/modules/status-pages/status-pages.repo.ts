import type { StatusPageSelector, StatusPageVisibility } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';

/** A status page row as stored (token_hash stays inside this module). */
export interface StatusPageRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  logo_url: string | null;
  visibility: StatusPageVisibility;
  token_hash: string | null;
  component_selector: Partial<StatusPageSelector>;
  check_selector: Partial<StatusPageSelector>;
  created_at: Date;
  updated_at: Date;
}

/** The columns a create or edit writes. */
export interface StatusPageWrite {
  slug: string;
  title: string;
  description: string;
  logo_url: string | null;
  visibility: StatusPageVisibility;
  token_hash: string | null;
  component_selector: StatusPageSelector;
  check_selector: StatusPageSelector;
}

type Db = Kysely<Tables>;

const COLUMNS = sql.raw(`id::text, slug, title, description, logo_url, visibility, token_hash, component_selector,
  check_selector, created_at, updated_at`);

/** Live pages, newest first, one page of them, and how many there are. */
export async function listPages(
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: StatusPageRow[]; total: number }> {
  const [page, count] = await Promise.all([
    sql<StatusPageRow>`SELECT ${COLUMNS} FROM status_pages WHERE deleted_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM status_pages WHERE deleted_at IS NULL`.execute(db),
  ]);
  return { rows: page.rows, total: count.rows[0]?.n ?? 0 };
}

/** Every live page (the badge lookup walks them; pages are few, and at most 1,000 are read). */
export async function allLivePages(db: Db): Promise<StatusPageRow[]> {
  const { rows } = await sql<StatusPageRow>`SELECT ${COLUMNS} FROM status_pages WHERE deleted_at IS NULL
    ORDER BY created_at LIMIT 1000`.execute(db);
  return rows;
}

/** One live page by id. */
export async function findPage(db: Db, id: string): Promise<StatusPageRow | undefined> {
  const { rows } = await sql<StatusPageRow>`SELECT ${COLUMNS} FROM status_pages
    WHERE id = ${id}::uuid AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** One live page by slug (the public routes' lookup, on the unique slug index). */
export async function findPageBySlug(db: Db, slug: string): Promise<StatusPageRow | undefined> {
  const { rows } = await sql<StatusPageRow>`SELECT ${COLUMNS} FROM status_pages
    WHERE slug = ${slug} AND deleted_at IS NULL`.execute(db);
  return rows[0];
}

/** True when another live page has this slug. */
export async function slugTaken(db: Db, slug: string, exceptId: string | null): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`SELECT id FROM status_pages
    WHERE slug = ${slug} AND deleted_at IS NULL AND (${exceptId}::uuid IS NULL OR id <> ${exceptId}::uuid)`.execute(db);
  return rows.length > 0;
}

/** Inserts a page. */
export async function insertPage(db: Db, values: StatusPageWrite, createdBy: string | null): Promise<StatusPageRow> {
  const { rows } = await sql<StatusPageRow>`INSERT INTO status_pages (slug, title, description, logo_url, visibility,
      token_hash, component_selector, check_selector, created_by)
    VALUES (${values.slug}, ${values.title}, ${values.description}, ${values.logo_url}, ${values.visibility},
      ${values.token_hash}, ${JSON.stringify(values.component_selector)}::jsonb,
      ${JSON.stringify(values.check_selector)}::jsonb, ${createdBy}::uuid)
    RETURNING ${COLUMNS}`.execute(db);
  return rows[0] as StatusPageRow; // RETURNING of a one-row insert
}

/** Replaces a page's editable columns. */
export async function updatePage(db: Db, id: string, values: StatusPageWrite): Promise<StatusPageRow> {
  const { rows } = await sql<StatusPageRow>`UPDATE status_pages SET slug = ${values.slug}, title = ${values.title},
      description = ${values.description}, logo_url = ${values.logo_url}, visibility = ${values.visibility},
      token_hash = ${values.token_hash}, component_selector = ${JSON.stringify(values.component_selector)}::jsonb,
      check_selector = ${JSON.stringify(values.check_selector)}::jsonb, updated_at = now()
    WHERE id = ${id}::uuid AND deleted_at IS NULL RETURNING ${COLUMNS}`.execute(db);
  return rows[0] as StatusPageRow; // the caller found the row in the same transaction
}

/** Soft-deletes a page; true when there was one. */
export async function deletePage(db: Db, id: string): Promise<boolean> {
  const result = await sql`UPDATE status_pages SET deleted_at = now()
    WHERE id = ${id}::uuid AND deleted_at IS NULL`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}
