import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILTER_REGEX_CHARS } from '../../platform/regex-shape.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 25: the data API's `match`/`imatch` hand a caller's regular expression to the database, which on
 * embedded PGlite runs inside the HTTP process: `((a{1,30}){1,30}){1,30}b` held it for over nine minutes.
 * A pattern that nests quantifiers, uses back-references or is over 256 characters is a 400 naming why,
 * before any query; an ordinary pattern still filters.
 */
describe('data API regular-expression filters', () => {
  let t: TestApp;
  let guest: string;
  beforeAll(async () => {
    t = await createTestApp();
    guest = (await signedInUser(t, { roles: ['guest'] })).token;
    await t.database.pool.query(
      "INSERT INTO config_items (config_class, type, name) VALUES ('Database', 'Vault::Store', 'vault-store')",
    );
  });
  afterAll(() => t.close());

  const list = (filter: string) => apiCall(t.app, 'GET', `/api/db/config_items?${filter}&select=name`, guest);

  it('refuses a nested quantifier, a back-reference or an over-long pattern with a 400 naming why', async () => {
    for (const filter of [
      `name=match.${encodeURIComponent('((a{1,30}){1,30}){1,30}b')}`,
      `name=imatch.${encodeURIComponent('(a+)+$')}`,
      `name=not.match.${encodeURIComponent('(x)\\1')}`,
      `name=match(any).${encodeURIComponent('{^v,(a*)*b}')}`,
      `or=(name.match.${encodeURIComponent('(a*)*b')},type.eq.x)`,
    ]) {
      const started = performance.now();
      const answer = await list(filter);
      expect(answer.status, filter).toBe(400);
      expect(((await answer.json()) as { details: string }).details, filter).toMatch(
        /pattern nests quantifiers or uses back-references/,
      );
      expect(performance.now() - started, filter).toBeLessThan(5_000);
    }
    const long = await list(`name=match.${'a'.repeat(MAX_FILTER_REGEX_CHARS + 1)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { details: string }).details).toBe(
      `the match pattern is longer than ${MAX_FILTER_REGEX_CHARS} characters`,
    );
  });

  it('still filters with an ordinary pattern', async () => {
    const answer = await list(`name=match.${encodeURIComponent('^vault-')}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([{ name: 'vault-store' }]);
    const none = await list(`name=imatch.${encodeURIComponent('^VAULT-X')}`);
    expect(await none.json()).toEqual([]);
  });
});
