import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { inlineScriptSources } from './static-console.js';

const THEME = "\n      document.documentElement.setAttribute('data-theme', 'dark');\n    ";
const PRELOAD = 'const routes = {"/catalog":["/assets/a.js"]};';
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe("the console page's inline scripts under the Content Security Policy", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'mc-web-csp-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><head><script>${THEME}</script><script>${PRELOAD}</script>` +
        '<script type="module" crossorigin src="/assets/index.js"></script></head><body></body>',
    );
    t = await createTestApp({ webDist: dist });
  });
  afterAll(() => t.close());

  it('hashes each inline script as a browser does, and no script with a src', () => {
    expect(
      inlineScriptSources(`<script>${THEME}</script><script src="/x.js"></script><script>${PRELOAD}</script>`),
    ).toBe(`${sha(THEME)} ${sha(PRELOAD)}`);
    expect(inlineScriptSources('<p>no scripts</p>')).toBe('');
  });

  it("allows exactly the page's inline scripts besides 'self', and nothing else inline", async () => {
    for (const path of ['/', '/catalog', '/api/.ory/sessions/whoami']) {
      const policy = (await t.app.request(path, { headers: { accept: 'text/html' } })).headers.get(
        'content-security-policy',
      );
      expect(policy, path).toContain(`script-src 'self' ${sha(THEME)} ${sha(PRELOAD)};`);
      expect(policy, path).not.toMatch(/script-src[^;]*unsafe/);
    }
  });
});
