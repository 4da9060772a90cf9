import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('http app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'mc-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Mission Control</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /health answers ok after a database round trip', async () => {
    const response = await t.app.request('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/about gives the version and engine', async () => {
    const response = await t.app.request('/api/about');
    expect(await response.json()).toMatchObject({ version: 'test' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.request('/api/does-not-exist', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'not_found', message: 'No API route for POST /api/does-not-exist' });
  });

  it('falls back to index.html for console paths, uncached', async () => {
    const response = await t.app.request('/incidents/123?x=1');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('<title>Mission Control</title>');
  });

  it('serves the console for a browser navigation to /health, and the probe otherwise', async () => {
    const page = await t.app.request('/health', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(await page.text()).toContain('<title>Mission Control</title>');
    const probe = await t.app.request('/health', { headers: { accept: '*/*' } });
    expect(await probe.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers / with the console, not a folder', async () => {
    const response = await t.app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.request('/assets/app-abc.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sets security headers on every answer', async () => {
    const response = await t.app.request('/api/about');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
});
