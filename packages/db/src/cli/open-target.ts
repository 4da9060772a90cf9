import { connectPostgres, type Database } from '../database.js';
import { openEmbedded } from '../embedded/embedded-database.js';

/** Where a command-line tool points: the PostgreSQL server of DATABASE_URL, or the embedded data directory. */
export interface Target {
  database: Database;
  /** Human description for the tool's output, without credentials. */
  label: string;
}

/** Strips the password from a connection URL so it can be printed. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Opens the database the server would use: DATABASE_URL when set, otherwise the embedded database in
 * MC_DATA_DIR (default ./data), which takes the data-directory lock, so a running server is never shared.
 */
export async function openTarget(env: NodeJS.ProcessEnv = process.env): Promise<Target> {
  const url = env.DATABASE_URL?.trim();
  if (url)
    return { database: connectPostgres(url, { max: 4, applicationName: 'mission-control-cli' }), label: redact(url) };
  const dataDir = env.MC_DATA_DIR?.trim() || './data';
  return { database: await openEmbedded(dataDir), label: `embedded database in ${dataDir}` };
}

/** Runs a command-line main, printing a failure as one clear line and setting the exit code. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`error: ${message}\n`);
      process.exitCode = 1;
    },
  );
}
