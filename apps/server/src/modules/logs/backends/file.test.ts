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

  it('runs a line pattern that backtracks exponentially in JS in linear time (RE2), and correctly', async () => {
    const hostile = join(dir, 'hostile.txt');
    // each line: as many `a`s as V8's RegExp could not get through `^(a|aa)+$` in a lifetime, then a `!`
    await writeFile(hostile, `${Array.from({ length: 50 }, () => `${'a'.repeat(4_000)}!`).join('\n')}\naaaa\n`);
    await t.backend('files-redos', { file: [{ paths: [hostile], pattern: '^(?<message>(a|aa)+)$' }] });
    const started = performance.now();
    const response = await t.search(editor, { name: 'files-redos', query: { limit: 100 } });
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { total: number; lines: { message: string }[] };
    expect(body.total).toBe(51);
    expect(body.lines.filter((line) => line.message === 'aaaa')).toHaveLength(1);
    expect(ms).toBeLessThan(2_000);
  });

  it.each([
    ['a look-ahead', '^(?=x)(?<message>.*)$', 'invalid or unsupported Perl syntax'],
    ['a back-reference', '^(a+)\\1$', 'invalid escape sequence'],
    ['an over-long pattern', 'a'.repeat(501), 'the line pattern is longer than 500 characters'],
  ])('refuses %s as a line pattern, with the reason', async (_what, linePattern, reason) => {
    await t.backend('files-unrunnable', { file: [{ paths: [join(dir, 'app.log')], pattern: linePattern }] });
    const response = await t.search(editor, { name: 'files-unrunnable' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(reason);
    await t.database.pool.query(`DELETE FROM logging_backends WHERE name = 'files-unrunnable'`);
  });

  it('names a bad stored entry by its place in the spec', async () => {
    await t.backend('files-bad', { file: [{ paths: [] }] });
    const response = await t.search(editor, { name: 'files-bad' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain("log backend 'files-bad' spec.file[0].paths");
  });
});
