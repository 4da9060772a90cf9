import { createReadStream, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '@mc/db';
import type { Hono, MiddlewareHandler } from 'hono';
import { AppError } from '../../platform/errors.js';
import type { AppEnv } from '../../platform/request-context.js';
import { UNAUTHORIZED_MESSAGE } from '../../platform/require-permission.js';
import { describeGuard } from '../../platform/route-permission.js';

/** Path of the live backup of the embedded database. */
export const BACKUP_PATH = '/api/system/backup';

/** Admins only (a session or an admin's API token): a backup holds every record of the installation. */
function requireAdminForBackup(): MiddlewareHandler<AppEnv> {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    const actor = c.var.actor;
    if (actor.kind === 'anonymous') throw new AppError('unauthorized', UNAUTHORIZED_MESSAGE);
    if (actor.kind !== 'person' || !actor.roles.includes('admin'))
      throw new AppError('forbidden', 'Only administrators may back up the database');
    await next();
  };
  return describeGuard(guard, { roles: ['admin'] });
}

/**
 * `GET /api/system/backup`: a consistent gzip tarball of the running embedded database (taken between
 * transactions by its worker, docs/operations.md#back-up-and-restore), sent as an attachment and
 * streamed from a private temporary file that is unlinked at once. PostgreSQL answers 409: pg_dump is
 * the tool there.
 */
export function registerBackupRoutes(app: Hono<AppEnv>, deps: { database: Database }): void {
  app.get(BACKUP_PATH, requireAdminForBackup(), async (c) => {
    const backup = deps.database.backup;
    if (!backup) {
      throw new AppError(
        'conflict',
        'This server uses PostgreSQL: back it up with pg_dump (docs/operations.md#back-up-and-restore)',
      );
    }
    const dir = mkdtempSync(join(tmpdir(), 'mc-backup-'));
    let fd: number;
    try {
      await backup(join(dir, 'backup.tar.gz'));
      fd = openSync(join(dir, 'backup.tar.gz'), 'r');
    } finally {
      rmSync(dir, { recursive: true, force: true }); // the open descriptor keeps the data until sent
    }
    c.var.log.info('database backup taken');
    const stamp = new Date()
      .toISOString()
      .replaceAll(':', '-')
      .replace(/\.\d+Z$/, 'Z');
    const body = Readable.toWeb(createReadStream('', { fd })) as ReadableStream;
    return c.body(body, 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="mission-control-${stamp}.tar.gz"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
