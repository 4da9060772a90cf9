import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import type pg from 'pg';
import { waitFor } from './job-test-kit.js';

/** The local ports of `pid`'s TCP connections to `remotePort`, from Linux's /proc. */
async function tcpPortsOf(pid: number, remotePort: number): Promise<number[]> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const inode = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''))?.[1];
    if (inode) inodes.add(inode);
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1)) {
      const [, local, remote, , , , , , , inode] = line.trim().split(/\s+/);
      if (!inode || !inodes.has(inode) || Number.parseInt(remote?.split(':')[1] ?? '', 16) !== remotePort) continue;
      ports.push(Number.parseInt(local?.split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

/**
 * SIGKILLs a process and returns once the statements it had sent are over, so a read of what it held is
 * exact. The process being gone is not enough: node-postgres writes a whole statement at once, and its
 * backend still runs and commits it after the client died (PostgreSQL notices a lost client only when it
 * next reads) — a worker's attempt end committed that way finishes one job and claims others (finishAndClaim)
 * after a read made as soon as the process exited. The process is frozen (SIGSTOP) while its connections
 * to the database are noted, then killed, then this waits until PostgreSQL has no backend left for them.
 * Linux only (/proc), as the multi-process tests' PostgreSQL runs are.
 */
export async function killSettled(
  process: { child: ChildProcess; exited: Promise<unknown> },
  pool: Pick<pg.Pool, 'query'>,
  databaseUrl: string,
  timeoutMs = 20_000,
): Promise<void> {
  const pid = process.child.pid ?? 0;
  process.child.kill('SIGSTOP');
  const ports = await tcpPortsOf(pid, Number(new URL(databaseUrl).port || 5432));
  process.child.kill('SIGKILL');
  await process.exited;
  const { rows } = await pool.query<{ at: Date }>('SELECT now() AS at');
  const exitedAt = rows[0]?.at ?? new Date();
  await waitFor(
    async () =>
      (
        await pool.query(
          'SELECT 1 FROM pg_stat_activity WHERE client_port = ANY($1::int[]) AND backend_start < $2 LIMIT 1',
          [ports, exitedAt],
        )
      ).rows.length === 0,
    timeoutMs,
  );
}
