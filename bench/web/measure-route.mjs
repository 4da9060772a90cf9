import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

function gzipKb(file) {
  return gzipSync(readFileSync(file)).length / 1024;
}

/**
 * One visit of `route` on `base`, in a new browser context (cold cache) signed in with `storageState`: its
 * largest contentful paint, the scripts it loaded (their gzip size read from the build in `dist`) and their
 * bodies as the server sent them. Shared by run.mjs and ab.mjs, so both time a visit the same way.
 */
export async function measureRoute(browser, base, storageState, route, dist) {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const scripts = new Set();
  // what the browser received for each script: its encoded body as sent (brotli or gzip), headers apart
  const wire = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/assets/') || !url.pathname.endsWith('.js')) return;
    scripts.add(url.pathname);
    wire.push(
      response
        .request()
        .sizes()
        .then((sizes) => sizes.responseBodySize),
    );
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  try {
    await page.getByRole('heading', { level: 1 }).waitFor();
  } catch (error) {
    const text = (await page.locator('body').textContent()) ?? '';
    throw new Error(`${route} did not render (${page.url()}): ${text.slice(0, 300)}\n${error.message}`);
  }
  await page.waitForTimeout(300);
  const lcp = await page.evaluate(() => window.__lcp);
  const wireKb = (await Promise.all(wire)).reduce((sum, bytes) => sum + bytes, 0) / 1024;
  await context.close();
  const js = [...scripts].reduce((sum, path) => sum + gzipKb(join(dist, path)), 0);
  return { route, js, wireKb, lcp, scripts: scripts.size };
}
