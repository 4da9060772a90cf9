/**
 * PostgreSQL CPU per statement, for benches that ask where a unit of work's database time goes when
 * pg_stat_statements is not loaded (it needs shared_preload_libraries and a restart of a shared server):
 * every statement a pool's connections send is timed by its backend's own CPU before and after, read
 * from /proc/<pid>/schedstat (the scheduler's run time in ns, not 10 ms clock ticks), and summed by its
 * text. Exact for a pool whose connections run one statement at a time, as node-postgres' do.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** CPU a process has run for, in ns. */
function cpuNs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
}

/** A statement's calls and backend CPU. */
export interface StatementCpu {
  statement: string;
  calls: number;
  ns: number;
}

/** Starts timing the statements of `pool`'s connections made from now on; `take` answers and restarts the sums. */
export function statementCpu(pool: pg.Pool) {
  let sums = new Map<string, StatementCpu>();
  pool.on('connect', (client) => {
    const pid = (client as pg.PoolClient & { processID: number }).processID; // set once connected; not in the types
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    const timed = async (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
      const start = cpuNs(pid);
      try {
        return await query(...args);
      } finally {
        const statement = text.replace(/\s+/g, ' ').trim().slice(0, 80);
        const sum = sums.get(statement) ?? { statement, calls: 0, ns: 0 };
        sum.calls += 1;
        sum.ns += cpuNs(pid) - start;
        sums.set(statement, sum);
      }
    };
    Object.assign(client, { query: timed });
  });
  return {
    take(): StatementCpu[] {
      const taken = [...sums.values()].sort((a, b) => b.ns - a.ns);
      sums = new Map();
      return taken;
    },
  };
}
