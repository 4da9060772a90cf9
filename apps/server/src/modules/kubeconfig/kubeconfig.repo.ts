/** What a kubeconfig download reads: the person it names as its user. */
import type { Database } from '@mc/db';

/** A person's name and email (deleted or not), or undefined when there is no such row. */
export async function findPersonName(
  database: Database,
  personId: string,
): Promise<{ name: string; email: string | null } | undefined> {
  const { rows } = await database.pool.query<{ name: string; email: string | null }>(
    'SELECT name, email FROM people WHERE id = $1',
    [personId],
  );
  return rows[0];
}
