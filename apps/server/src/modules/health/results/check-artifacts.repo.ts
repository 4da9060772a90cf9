/**
 * Files exec checks keep (`artifacts` rows with `check_id`, migration 0090, the table the playbooks'
 * artifacts share): each with its size, type and sha256, the bytes in the database. A check keeps its
 * newest {@link CHECK_ARTIFACTS_KEPT}; older ones go as new runs add theirs, and all go with the check.
 */
import { createHash } from 'node:crypto';
import { CHECK_ARTIFACTS_KEPT, type CheckArtifact } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import type { NewCheckArtifact } from '../check-types/exec-artifacts.js';

const iso = (value: Date | string) => new Date(value).toISOString();

/** Saves a run's files under `checkId`, drops what falls beyond the newest kept; answers what it saved. */
export async function saveCheckArtifacts(
  db: Kysely<Tables>,
  checkId: string,
  artifacts: NewCheckArtifact[],
): Promise<CheckArtifact[]> {
  const saved: CheckArtifact[] = [];
  for (const artifact of artifacts) {
    const checksum = createHash('sha256').update(artifact.content).digest('hex');
    const filename = artifact.path.split('/').at(-1) ?? artifact.path;
    const { rows } = await sql<{ id: string; created_at: Date | string }>`INSERT INTO artifacts
        (check_id, path, filename, size, content_type, checksum, content)
      VALUES (${checkId}, ${artifact.path}, ${filename}, ${artifact.content.length}, ${artifact.contentType},
        ${checksum}, ${artifact.content})
      RETURNING id, created_at`.execute(db);
    const row = rows[0];
    if (row) {
      const { path, contentType } = artifact;
      saved.push({
        id: row.id,
        path,
        size: artifact.content.length,
        content_type: contentType,
        created_at: iso(row.created_at),
      });
    }
  }
  await sql`DELETE FROM artifacts WHERE check_id = ${checkId} AND id NOT IN (
      SELECT id FROM artifacts WHERE check_id = ${checkId} ORDER BY created_at DESC, id DESC LIMIT ${CHECK_ARTIFACTS_KEPT})`.execute(
    db,
  );
  return saved;
}

/** The kept artifacts of a check, newest first. */
export async function listCheckArtifacts(db: Kysely<Tables>, checkId: string): Promise<CheckArtifact[]> {
  const { rows } = await sql<CheckArtifact & { created_at: Date | string; size: number | string }>`SELECT id, path,
      size, content_type, created_at FROM artifacts
    WHERE check_id = ${checkId} AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`.execute(db);
  return rows.map((row) => ({ ...row, size: Number(row.size), created_at: iso(row.created_at) }));
}

/** One artifact of a check with its bytes, or undefined when the id names none of that check. */
export async function findCheckArtifact(db: Kysely<Tables>, checkId: string, artifactId: string) {
  const { rows } = await sql<{
    id: string;
    filename: string;
    size: number | string;
    content_type: string;
    checksum: string;
    content: Uint8Array;
  }>`SELECT id, filename, size, content_type, checksum, content FROM artifacts
    WHERE id = ${artifactId} AND check_id = ${checkId} AND deleted_at IS NULL`.execute(db);
  const row = rows[0];
  return row ? { ...row, size: Number(row.size) } : undefined;
}
