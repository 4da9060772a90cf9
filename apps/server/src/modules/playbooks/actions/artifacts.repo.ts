/**
 * Artifacts of an action attempt (`artifacts` rows, migration 0090): files it produced, kept in the
 * database with their size, type and sha256. The caller caps what it saves (exec: declared files and
 * its output; pod: its log).
 */
import { createHash } from 'node:crypto';
import type { Database } from '@mc/db';

/** One file to keep. */
export interface NewArtifact {
  path: string;
  content: Uint8Array;
  contentType?: string;
}

/** What an action's output lists of a saved artifact (the run page shows it). */
export interface SavedArtifact {
  id: string;
  path: string;
  size: number;
  content_type: string;
}

/** Saves `artifacts` under the action row `actionId`; answers what the output lists of each. */
export async function saveArtifacts(
  database: Database,
  actionId: string,
  artifacts: NewArtifact[],
): Promise<SavedArtifact[]> {
  const saved: SavedArtifact[] = [];
  for (const artifact of artifacts) {
    const contentType = artifact.contentType ?? 'application/octet-stream';
    const { rows } = await database.pool.query<{ id: string }>(
      `INSERT INTO artifacts (playbook_run_action_id, path, filename, size, content_type, checksum, content)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        actionId,
        artifact.path,
        artifact.path.split('/').at(-1) ?? artifact.path,
        artifact.content.length,
        contentType,
        createHash('sha256').update(artifact.content).digest('hex'),
        artifact.content,
      ],
    );
    const id = rows[0]?.id;
    if (id) saved.push({ id, path: artifact.path, size: artifact.content.length, content_type: contentType });
  }
  return saved;
}

/** A stored artifact with its bytes, as the download route serves it. */
export interface ArtifactFile {
  id: string;
  filename: string;
  size: number;
  content_type: string;
  checksum: string;
  content: Uint8Array;
}

/**
 * A live artifact of one action of run `runId` (not deleted, not expired); undefined when the id names
 * none, or one of another run, so a run's artifacts are reached only through that run.
 */
export async function findRunArtifact(
  database: Database,
  runId: string,
  artifactId: string,
): Promise<ArtifactFile | undefined> {
  const { rows } = await database.pool.query<ArtifactFile>(
    `SELECT a.id, a.filename, a.size::int AS size, a.content_type, a.checksum, a.content
       FROM artifacts a JOIN playbook_run_actions ra ON ra.id = a.playbook_run_action_id
      WHERE a.id = $1 AND ra.playbook_run_id = $2 AND a.deleted_at IS NULL
        AND (a.expires_at IS NULL OR a.expires_at > now())`,
    [artifactId, runId],
  );
  return rows[0];
}
