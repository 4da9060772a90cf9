/**
 * CPU of the PostgreSQL processes that work for one database, for benches that print CPU per unit of
 * work: the database's own backends (its connections and autovacuum workers) and, apart, the cluster's
 * background processes (WAL writer, checkpointer, background writer), which other databases on the
 * same server share. Sampled every second from /proc, first and last value per process, so a backend
 * that starts or exits inside the window still counts.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

/** utime + stime of a process in ms, or undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10; // clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

/** CPU (ms) of a window: this database's backends and the cluster's shared background processes. */
export interface PostgresCpu {
  backendsMs: number;
  /** The part of `backendsMs` spent by autovacuum workers (the cost of the dead rows the work left). */
  autovacuumMs: number;
  backgroundMs: number;
}

/** Starts sampling; `stop` answers the CPU used since the start. */
export function postgresCpuSampler(client: pg.Client) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const background = new Set<number>();
  const autovacuum = new Set<number>();
  let stopped = false;
  let initial = true;
  const sample = async () => {
    const { rows } = await client.query<{ pid: number; mine: boolean; vacuum: boolean }>(
      `SELECT pid, datname = current_database() AS mine, backend_type = 'autovacuum worker' AS vacuum
       FROM pg_stat_activity
       WHERE pid <> pg_backend_pid() AND (datname = current_database()
         OR backend_type IN ('walwriter', 'checkpointer', 'background writer', 'autovacuum launcher'))`,
    );
    for (const { pid, mine, vacuum } of rows) {
      if (!mine) background.add(pid);
      if (mine && vacuum) autovacuum.add(pid);
      const cpu = processCpuMs(pid);
      if (cpu === undefined) continue;
      // A process first seen after the first sample started during the window: all its CPU counts.
      if (!first.has(pid)) first.set(pid, initial ? cpu : 0);
      last.set(pid, cpu);
    }
    initial = false;
  };
  const loop = (async () => {
    while (!stopped) {
      await sample();
      await sleep(1_000);
    }
  })();
  return {
    async stop(): Promise<PostgresCpu> {
      stopped = true;
      await loop;
      await sample();
      const figures = { backendsMs: 0, autovacuumMs: 0, backgroundMs: 0 };
      for (const [pid, cpu] of last) {
        const used = cpu - (first.get(pid) ?? cpu);
        if (background.has(pid)) figures.backgroundMs += used;
        else figures.backendsMs += used;
        if (autovacuum.has(pid)) figures.autovacuumMs += used;
      }
      return figures;
    },
  };
}
