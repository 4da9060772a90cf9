import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Filter values the database parses as documents (containment, and any comparison with a json/jsonb
 * column or `->` path) are bounded before they reach it: 20,000 nested brackets exhausted the embedded
 * database's parser, answered 500, and left every later query hanging.
 */
describe('deeply nested filter values', () => {
  let t: TestApp;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp();
    viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  });
  afterAll(() => t.close());

  it('are a 400 naming the limit for every operator on a document, and the database keeps answering', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    for (const filter of [
      `tags=cs.${deep}`,
      `labels=cd.${deep}`,
      `tags=eq.${deep}`,
      `tags->a=eq.${deep}`,
      `tags=in.(${deep})`,
      `labels=not.neq.${deep}`,
    ]) {
      const answer = await apiCall(t.app, 'GET', `/api/db/config_items?${filter}&select=id`, viewer);
      const label = filter.slice(0, 12);
      expect(answer.status, label).toBe(400);
      expect(((await answer.json()) as { details: string }).details, label).toMatch(/nested more than 64 levels deep/);
    }
    const anonymous = await apiCall(t.app, 'GET', `/api/db/config_items?tags=eq.${deep}&select=id`, null);
    expect(anonymous.status).toBe(401);
    const after = await apiCall(t.app, 'GET', '/api/db/config_items?select=id&limit=1', viewer);
    expect(after.status).toBe(200);
  });

  it('leave text compared as text alone: a `->>` value is a string, however many brackets it holds', async () => {
    const brackets = '['.repeat(100);
    const answer = await apiCall(t.app, 'GET', `/api/db/config_items?tags->>a=eq.${brackets}&select=id`, viewer);
    expect(answer.status).toBe(200);
  });
});
