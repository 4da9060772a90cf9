/** playbook_run_logs SQL: the live output lines of a run's actions, in the order written (seq). */
import { type Executor, runQuery } from '../../jobs/index.js';

/** A line to store. */
export interface NewLogLine {
  actionId: string;
  actionName: string;
  line: string;
}

/** A stored line as the stream sends it. */
export interface RunLogLine {
  seq: string;
  action: string;
  line: string;
  at: string;
}

/** Appends lines in order, in one statement. */
export async function insertLogLines(db: Executor, runId: string, lines: readonly NewLogLine[]): Promise<void> {
  if (lines.length === 0) return;
  await runQuery(
    db,
    `INSERT INTO playbook_run_logs (run_id, action_id, action_name, line)
     SELECT $1, x.a, x.n, x.l FROM unnest($2::uuid[], $3::text[], $4::text[]) WITH ORDINALITY AS x(a, n, l, o) ORDER BY x.o`,
    [runId, lines.map((l) => l.actionId), lines.map((l) => l.actionName), lines.map((l) => l.line)],
  );
}

/** How many lines and characters a run's log holds (where its cap stands after a restart). */
export async function logSizeOf(db: Executor, runId: string): Promise<{ lines: number; chars: number }> {
  const [row] = await runQuery<{ lines: string; chars: string }>(
    db,
    'SELECT count(*) AS lines, COALESCE(sum(length(line)), 0) AS chars FROM playbook_run_logs WHERE run_id = $1',
    [runId],
  );
  return { lines: Number(row?.lines ?? 0), chars: Number(row?.chars ?? 0) };
}

/** Up to `limit` lines of a run after `afterSeq`, in order. */
export async function logLinesAfter(db: Executor, runId: string, afterSeq: string, limit: number) {
  return runQuery<RunLogLine>(
    db,
    `SELECT seq::text AS seq, action_name AS action, line, created_at AS at FROM playbook_run_logs
      WHERE run_id = $1 AND seq > $2::bigint ORDER BY seq LIMIT $3`,
    [runId, afterSeq, limit],
  );
}

/** A run's status (undefined when there is no such run). */
export async function runStatusOf(db: Executor, runId: string): Promise<string | undefined> {
  const [row] = await runQuery<{ status: string }>(db, 'SELECT status FROM playbook_runs WHERE id = $1', [runId]);
  return row?.status;
}
