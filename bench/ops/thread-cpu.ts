/**
 * Per-thread CPU of a process from /proc (Linux), for the benches that say which thread spent their
 * figure: the HTTP (main) thread, the job thread, V8's helper threads (garbage collection, compilers)
 * and libuv's pool all show up under their own names and ids.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** utime+stime (ms) of one thread, with its name. */
export type ThreadCpu = Map<number, { name: string; ms: number }>;

/** utime+stime (ms) of each thread of `pid`, by thread id, with the thread's name. */
export function threadCpu(pid: number): ThreadCpu {
  const threads: ThreadCpu = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      threads.set(Number(tid), { name, ms: ((Number(fields[11]) || 0) + (Number(fields[12]) || 0)) * 10 });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return threads;
}

/** The threads that used CPU between two readings, busiest first, as "name/tid ms/s". */
export function threadShares(before: ThreadCpu, after: ThreadCpu, seconds: number): string {
  return [...after]
    .map(([tid, { name, ms }]) => ({ label: `${name}/${tid}`, perS: (ms - (before.get(tid)?.ms ?? 0)) / seconds }))
    .filter((thread) => thread.perS > 0)
    .sort((a, b) => b.perS - a.perS)
    .map((thread) => `${thread.label} ${thread.perS.toFixed(1)}`)
    .join(', ');
}
