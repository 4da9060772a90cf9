/**
 * The artifacts of a check, for whoever may read the check: a check that does not exist, or that the
 * caller's scope hides (its canary or itself denied), answers 404 as if it did not exist.
 */
import type { CheckArtifact } from '@mc/contracts';
import type { Tables } from '@mc/db';
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../../platform/errors.js';
import type { SummaryScope } from '../summary/summary-scope.js';
import { findCheckArtifact, listCheckArtifacts } from './check-artifacts.repo.js';

type Hidden = Pick<SummaryScope, 'deniedCanaries' | 'deniedChecks'>;

async function assertVisible(db: Kysely<Tables>, checkId: string, hidden: Hidden): Promise<void> {
  const { rows } = await sql<{ canary_id: string }>`SELECT canary_id FROM checks WHERE id = ${checkId}`.execute(db);
  const canaryId = rows[0]?.canary_id;
  if (!canaryId || hidden.deniedChecks.includes(checkId) || hidden.deniedCanaries.includes(canaryId)) {
    throw new AppError('not_found', `Check '${checkId}' not found`);
  }
}

/** The check's kept artifacts, newest first. */
export async function checkArtifacts(db: Kysely<Tables>, checkId: string, hidden: Hidden): Promise<CheckArtifact[]> {
  await assertVisible(db, checkId, hidden);
  return listCheckArtifacts(db, checkId);
}

/** One artifact's file, for the download route. */
export async function checkArtifactFile(db: Kysely<Tables>, checkId: string, artifactId: string, hidden: Hidden) {
  await assertVisible(db, checkId, hidden);
  const artifact = await findCheckArtifact(db, checkId, artifactId);
  if (!artifact) throw new AppError('not_found', `Artifact '${artifactId}' not found`);
  return artifact;
}
