import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { startLogCapture } from './log-capture.js';
import { createLogsTestApp, type LogsTestApp } from './testing/logs-test-app.js';

let t: LogsTestApp;
/** The built-in backend is the administrators' (server-logs-access.ts): these tests search it as one. */
let admin: string;

beforeAll(async () => {
  t = await createLogsTestApp();
  admin = await t.person(['admin']);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/logs: who may search, and bad input', () => {
  it('answers 401 to an anonymous caller on every route', async () => {
    expect((await t.search(null, { name: 'mission-control' })).status).toBe(401);
    expect((await t.call(null, 'GET', '/api/logs/backends')).status).toBe(401);
    expect((await t.call(null, 'GET', '/api/logs/tail?name=mission-control')).status).toBe(401);
    expect((await t.search(null, '{not json')).status).toBe(401);
  });

  it('answers 400 with the problem for bad input, before any backend is asked', async () => {
    const bad: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name is required'],
      ['{not json', 'The request body must be JSON'],
      [{ name: 'mission-control', extra: 1 }, 'extra'],
      [{ name: 'mission-control', id: 'not-a-uuid' }, 'id'],
      [{ name: 'mission-control', query: { levels: ['loud'] } }, 'query.levels'],
      [{ name: 'mission-control', query: { start: 'yesterday' } }, 'ISO 8601'],
      [{ name: 'mission-control', query: { limit: 100_000 } }, 'query.limit'],
      [{ name: 'mission-control', query: { text: 'x'.repeat(5000) } }, 'query.text'],
      [{ name: 'mission-control', query: { cursor: 'garbage' } }, 'cursor'],
      [
        { name: 'mission-control', query: { start: '2026-01-02T00:00:00Z', end: '2026-01-01T00:00:00Z' } },
        'must not be after',
      ],
      [{ name: 'mission-control', query: { text: '/([/' } }, 'invalid regular expression'],
    ];
    for (const [body, words] of bad) {
      const response = await t.search(admin, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await response.json()).message).toContain(words);
    }
    const tail = await t.call(admin, 'GET', '/api/logs/tail?name=mission-control&labels=nope');
    expect(tail.status).toBe(400);
    expect((await t.call(admin, 'GET', '/api/logs/tail?name=mission-control&sql=1')).status).toBe(400);
  });

  it('answers 404 for an unknown backend or target', async () => {
    const missing = await t.search(admin, { name: 'no-such-backend' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Log backend 'no-such-backend' not found");
    const target = await t.search(admin, { name: 'mission-control', id: '00000000-0000-4000-8000-00000000dead' });
    expect(target.status).toBe(404);
  });

  it('lists the built-in backend first, then the stored ones with their syntax hint', async () => {
    await t.backend('loki-prod', { loki: [{ url: 'http://127.0.0.1:1' }] });
    const response = await t.call(admin, 'GET', '/api/logs/backends');
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list[0]).toMatchObject({ name: 'mission-control', kinds: ['postgres'], builtIn: true });
    expect(list.find((b: { name: string }) => b.name === 'loki-prod')).toMatchObject({
      kinds: ['loki'],
      builtIn: false,
    });
    expect(list.find((b: { name: string }) => b.name === 'loki-prod').hint).toContain('LogQL');
  });
});

describe('the built-in backend: the server’s own logs', () => {
  it('stores what the server’s loggers write and finds it by text, level and label, newest first, with a total', async () => {
    const capture = startLogCapture(t.database, { flushMs: 60_000 });
    const logger = createLogger('info', { service: 'mission-control', role: 'all' }, () => {}).child({
      module: 'logs-test',
    });
    logger.info('check run finished', { check: 'api-health', durationMs: 12 });
    logger.warn('check run slow: upstream timeout', { check: 'api-health' });
    logger.error('check run failed: upstream timeout', { check: 'db', error: new Error('connect ECONNREFUSED') });
    logger.debug('dropped below the level');
    await capture.stop();

    const all = await t.search(admin, { name: 'mission-control', query: { labels: { module: 'logs-test' } } });
    expect(all.status).toBe(200);
    const body = await all.json();
    expect(body.total).toBe(3);
    expect(body.lines.map((l: { message: string }) => l.message)).toEqual([
      'check run failed: upstream timeout',
      'check run slow: upstream timeout',
      'check run finished',
    ]);
    expect(body.lines[0]).toMatchObject({
      level: 'error',
      labels: { service: 'mission-control', role: 'all', module: 'logs-test', check: 'db' },
    });
    expect(body.lines[0].fields.error.message).toBe('connect ECONNREFUSED');

    const timeouts = await (
      await t.search(admin, {
        name: 'mission-control',
        query: { text: 'Upstream TIMEOUT', levels: ['error'], labels: { module: 'logs-test' } },
      })
    ).json();
    expect(timeouts.lines.map((l: { message: string }) => l.message)).toEqual(['check run failed: upstream timeout']);

    const regex = await (
      await t.search(admin, {
        name: 'mission-control',
        query: { text: '/^check run (slow|finished)/', labels: { module: 'logs-test' } },
      })
    ).json();
    expect(regex.total).toBe(2);
  });

  it('pages with the cursor until the last line', async () => {
    const capture = startLogCapture(t.database, { flushMs: 60_000 });
    const logger = createLogger('info', { module: 'paging-test' }, () => {});
    for (let i = 0; i < 5; i++) logger.info(`line ${i}`);
    await capture.stop();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const body = await (
        await t.search(admin, {
          name: 'mission-control',
          query: { labels: { module: 'paging-test' }, limit: 2, ...(cursor ? { cursor } : {}) },
        })
      ).json();
      seen.push(...body.lines.map((l: { message: string }) => l.message));
      if (!body.next) break;
      cursor = body.next;
    }
    expect(seen.sort()).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
  });
});
