import { appendFile, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogsTestApp, type LogsTestApp } from '../testing/logs-test-app.js';
import { NO_FILE_ROOTS_MESSAGE } from './file.js';

let t: LogsTestApp;
let editor: string;
let dir: string;
const now = Date.now();
const at = (seconds: number) => new Date(now - 600_000 + seconds * 1000).toISOString();

beforeAll(async () => {
  t = await createLogsTestApp();
  editor = await t.person(['editor']);
  dir = await mkdtemp(join(tmpdir(), 'mc-logs-file-'));
  await writeFile(
    join(dir, 'app.log'),
    [
      `${at(1)} INFO  server started on :8080`,
      `${at(2)} WARN  cache miss ratio high`,
      `${at(3)} ERROR payment gateway timeout order=42`,
      'not a line the pattern knows',
      `${at(4)} INFO  payment accepted order=43`,
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'worker.log'),
    `${JSON.stringify({ time: at(5), level: 'error', msg: 'job failed: gateway timeout', job: 'sync' })}\n`,
  );
  await symlink('/etc/hostname', join(dir, 'escape.link'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const pattern = '^(?<timestamp>\\S+) (?<level>[A-Z]+)\\s+(?<message>.*)$';

describe('the file backend', () => {
  it('reads nothing until an administrator names the folders it may read', async () => {
    await t.backend('files-unrooted', { file: [{ paths: [join(dir, '*.log')] }] });
    const response = await t.search(editor, { name: 'files-unrooted' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(NO_FILE_ROOTS_MESSAGE);
  });

  it('searches a log file written by the test: pattern, JSON lines, words, levels, labels, paging', async () => {
    await t.database.pool.query(`INSERT INTO properties (name, value) VALUES ('logs.file.roots', $1)`, [dir]);
    await t.backend('files', { file: [{ paths: [join(dir, '*.log')], pattern, labels: { app: 'shop' } }] });
    const all = await (await t.search(editor, { name: 'files' })).json();
    expect(all.total).toBe(6);
    // a line the pattern does not match is kept whole, at the file's modification time (the newest here)
    expect(all.lines[0]).toMatchObject({ message: 'not a line the pattern knows', level: null });
    expect(all.lines[1]).toMatchObject({
      message: 'job failed: gateway timeout',
      level: 'error',
      labels: { app: 'shop', file: join(dir, 'worker.log') },
    });
    expect(all.lines[1].fields.job).toBe('sync');

    const timeouts = await (
      await t.search(editor, { name: 'files', query: { text: 'GATEWAY timeout', levels: ['error'] } })
    ).json();
    expect(timeouts.lines.map((l: { message: string; timestamp: string }) => [l.message, l.timestamp])).toEqual([
      ['job failed: gateway timeout', at(5)],
      ['payment gateway timeout order=42', at(3)],
    ]);

    const one = await (
      await t.search(editor, { name: 'files', query: { labels: { file: join(dir, 'app.log') }, limit: 2 } })
    ).json();
    expect(one.lines.map((l: { message: string }) => l.message)).toEqual([
      'not a line the pattern knows',
      'payment accepted order=43',
    ]);
    expect(one.total).toBe(5);
    const next = await (
      await t.search(editor, {
        name: 'files',
        query: { labels: { file: join(dir, 'app.log') }, limit: 2, cursor: one.next },
      })
    ).json();
    expect(next.lines.map((l: { message: string }) => l.message)).toEqual([
      'payment gateway timeout order=42',
      'cache miss ratio high',
    ]);

    const outside = await (await t.search(editor, { name: 'files', query: { labels: { app: 'other' } } })).json();
    expect(outside.lines).toEqual([]);
  });

  it('sees lines appended later (what the live tail polls)', async () => {
    await appendFile(join(dir, 'app.log'), `\n${at(6)} INFO  appended after the first search`);
    const body = await (await t.search(editor, { name: 'files', query: { text: 'appended' } })).json();
    expect(body.lines.map((l: { message: string }) => l.message)).toEqual(['appended after the first search']);
  });

  it('never reads outside the allowed folders: other paths and links out of them are refused, by name', async () => {
    await t.backend('files-escape', { file: [{ paths: ['/etc/passwd'] }] });
    const outside = await t.search(editor, { name: 'files-escape' });
    expect(outside.status).toBe(400);
    expect((await outside.json()).message).toBe(
      `path /etc/passwd is outside the folders this server may read (${dir})`,
    );
    await t.backend('files-link', { file: [{ paths: [join(dir, '*.link')] }] });
    const link = await t.search(editor, { name: 'files-link' });
    expect(link.status).toBe(400);
    expect((await link.json()).message).toBe(
      `path ${join(dir, 'escape.link')} leads outside the folders this server may read (${dir})`,
    );
  });

  it('refuses a line pattern that could backtrack for ever, with the reason', async () => {
    await t.backend('files-redos', { file: [{ paths: [join(dir, 'app.log')], pattern: '^(a+)+$' }] });
    const response = await t.search(editor, { name: 'files-redos' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('nests quantifiers');
  });

  it('names a bad stored entry by its place in the spec', async () => {
    await t.backend('files-bad', { file: [{ paths: [] }] });
    const response = await t.search(editor, { name: 'files-bad' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain("log backend 'files-bad' spec.file[0].paths");
  });
});
