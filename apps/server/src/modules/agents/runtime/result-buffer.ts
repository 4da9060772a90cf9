import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AGENT_PUSH_MAX_RESULTS, type AgentPushResult } from '@mc/contracts';

/** A batch of buffered entries and the files they came from. */
export interface BufferedBatch<T = AgentPushResult> {
  files: string[];
  results: T[];
}

/**
 * The agent's on-disk outbox: each run's results are written to their own file (written to a temporary
 * name, then renamed, so a crash never leaves half a file) before any push, and a file is removed only
 * after the upstream acknowledged it. Results therefore survive an unreachable upstream and an agent
 * restart; a result pushed twice (acknowledgement lost) is recognised upstream by its key. A run of more
 * checks than one push may carry (a canary of 1,000 checks) is written as several files of at most
 * {@link AGENT_PUSH_MAX_RESULTS}, so no batch ever exceeds the push limit (a larger one would be refused
 * for good and moved aside: lost).
 */
export function openResultBuffer(directory: string) {
  return openOutbox<AgentPushResult>(directory, AGENT_PUSH_MAX_RESULTS);
}

/**
 * An on-disk outbox of any entries the agent owes its upstream (check results, scrapes): the same
 * write-then-rename files, oldest first, removed only once delivered; `perFile` caps the entries of one
 * file (a larger append is split), so a batch of one file never passes the size its deliverer may send.
 */
export async function openOutbox<T>(directory: string, perFile = Number.POSITIVE_INFINITY) {
  const rejected = join(directory, 'rejected');
  await mkdir(rejected, { recursive: true });
  let sequence = 0;
  const pending = async () => (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
  return {
    directory,
    /** Stores one run's entries; resolves once they are on disk. */
    async append(results: readonly T[]): Promise<void> {
      for (let start = 0; start < results.length; start += perFile) {
        const name = `${String(Date.now()).padStart(15, '0')}-${String(sequence++).padStart(9, '0')}-${randomUUID()}`;
        const temporary = join(directory, `${name}.tmp`);
        await writeFile(temporary, JSON.stringify(results.slice(start, start + perFile)));
        await rename(temporary, join(directory, `${name}.json`));
      }
    },
    /** Results waiting to be delivered (a file the flusher removes meanwhile was delivered: not counted). */
    async count(): Promise<number> {
      let total = 0;
      for (const file of await pending()) {
        total += await this.read([file]).then(
          (batch) => batch.results.length,
          (error: NodeJS.ErrnoException) => {
            if (error.code === 'ENOENT') return 0;
            throw error;
          },
        );
      }
      return total;
    },
    /** The oldest files, up to `max` results (at least one file), in the order they were written. */
    async next(max: number): Promise<BufferedBatch<T> | undefined> {
      const files: string[] = [];
      const results: T[] = [];
      for (const file of await pending()) {
        if (files.length > 0 && results.length >= max) break;
        const batch = await this.read([file]);
        if (files.length > 0 && results.length + batch.results.length > max) break;
        files.push(file);
        results.push(...batch.results);
      }
      return files.length > 0 ? { files, results } : undefined;
    },
    async read(files: readonly string[]): Promise<BufferedBatch<T>> {
      const results: T[] = [];
      for (const file of files) {
        const value: unknown = JSON.parse(await readFile(join(directory, file), 'utf8'));
        if (Array.isArray(value)) results.push(...(value as T[])); // written by append above
      }
      return { files: [...files], results };
    },
    /** Drops delivered files. */
    async remove(files: readonly string[]): Promise<void> {
      await Promise.all(files.map((file) => rm(join(directory, file), { force: true })));
    },
    /** Moves files the upstream refused for good aside, so they never block the ones behind them. */
    async reject(files: readonly string[]): Promise<void> {
      await Promise.all(files.map((file) => rename(join(directory, file), join(rejected, file))));
    },
  };
}

/** An outbox of entries of one type. */
export type Outbox<T> = Awaited<ReturnType<typeof openOutbox<T>>>;
/** The agent's result buffer. */
export type ResultBuffer = Outbox<AgentPushResult>;
