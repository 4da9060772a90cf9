import { describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { closedPort, guardFor, noteAbsent, portOpen } from './testing/targets.js';

const up = await portOpen('127.0.0.1', 3306);
noteAbsent('MariaDB at 127.0.0.1:3306', up);
const egress = guardFor();
const url = 'mysql://root@127.0.0.1:3306/test';
const my = (spec: Record<string, unknown>, timeoutMs = 10_000) =>
  runCheck('mysql', { name: 'm', ...spec }, { egress, timeoutMs });

describe.skipIf(!up)('mysql check against MariaDB on 127.0.0.1', () => {
  it('runs SELECT 1 by default, from a URL or a Go DSN', async () => {
    expect(await my({ url })).toMatchObject({ status: 'healthy', message: '127.0.0.1:3306: query returned 1 rows' });
    expect((await my({ connection: 'root@tcp(127.0.0.1:3306)/test', results: 1 })).status).toBe('healthy');
  });

  it('takes a Go DSN behind mysql:// with $(username)/$(password) filled in, as canary-checker does', async () => {
    const result = await my({
      url: 'mysql://$(username):$(password)@tcp(127.0.0.1:3306)/test',
      username: { value: 'root' },
      password: { value: '' },
      results: 1,
    });
    expect(result).toMatchObject({ status: 'healthy', message: '127.0.0.1:3306: query returned 1 rows' });
    const denied = await my({
      url: 'mysql://$(username):$(password)@tcp(127.0.0.1:3306)/test',
      password: { value: 'a@b/c' },
      username: { value: 'root' },
    });
    expect(denied.message).toMatch(/^authentication failed for user 'root'/);
  });

  it('markFailOnEmpty fails a query that returns no rows', async () => {
    const query = 'SELECT 1 AS name FROM DUAL WHERE 1 = 0';
    expect(await my({ url, query, markFailOnEmpty: true })).toMatchObject({
      status: 'unhealthy',
      message: 'query returned empty result',
    });
    expect((await my({ url, query })).status).toBe('healthy');
  });

  it('checks row counts and CEL tests', async () => {
    const spec = { url, query: 'SELECT 1 AS n UNION SELECT 2 UNION SELECT 3' };
    expect((await my({ ...spec, results: 3, test: { expr: 'results.count == 3 && rows[2].n == 3' } })).status).toBe(
      'healthy',
    );
    expect((await my({ ...spec, results: 4 })).message).toBe('query returned 3 rows, expected at least 4');
  });

  it('names the failure: access denied, unknown database, query error, refused, timeout', async () => {
    const denied = await my({ url: 'mysql://root:wrong-password@127.0.0.1:3306/test' });
    expect(denied.message).toMatch(/^authentication failed for user 'root': Access denied for user 'root'/);
    expect((await my({ url: 'mysql://root@127.0.0.1:3306/no_such_db_mc' })).message).toMatch(
      /^database does not exist: Unknown database 'no_such_db_mc'/,
    );
    expect((await my({ url, query: 'SELECT nope' })).message).toMatch(/^query failed: Unknown column 'nope'/);
    const port = await closedPort();
    expect((await my({ url: `mysql://root@127.0.0.1:${port}/test` })).message).toBe(
      `connection refused: 127.0.0.1:${port}`,
    );
    expect(await my({ url, query: 'SELECT SLEEP(5)' }, 400)).toMatchObject({ message: 'timed out after 400 ms' });
  });
});
