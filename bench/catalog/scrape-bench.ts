import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Answer, BenchServer } from '../health/bench-server.js';
import { type BenchCall, benchClient } from './bench-client.js';

/** Issue 32 item 4: a scrape of 100,000 unchanged items ≤ 20 s with the server's RSS ≤ 600 MB. */
export const SCRAPE_ITEMS = 100_000;
const TARGET_MS = 20_000;
/** Documents per scraped file (~0.7 MB each). */
const FILE_ITEMS = 5_000;
const TARGET_RSS_MB = 600;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The calls the scrape bench makes. */
interface Api {
  request(method: BenchCall['method'], path: string, token: string, body?: unknown): Promise<Answer>;
}

/** What the server's resident memory is made of: anonymous and file pages, and its main isolate's heap. */
async function memoryDetail(api: Api, token: string, pid: number): Promise<string> {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0) / 1024;
  const metrics = await api.request('GET', '/metrics', token);
  const metric = (name: string) => {
    const found = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)`, 'm').exec(metrics.body)?.[1];
    return found === undefined ? '?' : (Number(found) / 1024 / 1024).toFixed(0);
  };
  return `anonymous ${kb('Anonymous').toFixed(0)} MB, file ${(kb('Rss') - kb('Anonymous')).toFixed(0)} MB; main isolate heap ${metric('nodejs_heap_size_used_bytes')} of ${metric('nodejs_heap_size_total_bytes')} MB, external ${metric('nodejs_external_memory_bytes')} MB`;
}

/**
 * A scrape of `items` unchanged items (100,000 for issue 32) through the real server: a file scraper over one
 * JSON file of that many documents is created and run once (creating the items), then Run Now (`?wait=true`) again with the file
 * untouched; the second run's wall time and the server process's largest resident size during it (sampled
 * every 20 ms from /proc) are the figures. Uses the scrapers API of the catalog (issue 13 item 1; issue 32 item 4).
 */
export async function benchScrape(
  server: BenchServer,
  token: string,
  workDir: string,
  items = SCRAPE_ITEMS,
): Promise<string> {
  // a connection per call: the calls are seconds apart (see benchClient)
  const fresh = benchClient(server.url, { keepAlive: false });
  const api: Api = { request: (method, path, token, body) => fresh.request({ method, path, body }, token) };
  // one folder per database: on a kept database the bench's scraper and its items stay, and are reused
  const dir = join(workDir, '..', `mc-bench-catalog-scrape-${items}`);
  mkdirSync(dir, { recursive: true });
  try {
    // files of FILE_ITEMS documents: a scraped file may hold at most 8 MiB (MAX_SCRAPED_FILE_BYTES)
    for (let from = 0; from < items; from += FILE_ITEMS) {
      const documents = Array.from({ length: Math.min(FILE_ITEMS, items - from) }, (_, k) => {
        const i = from + k;
        return {
          id: `bench-${i}`,
          name: `bench-item-${String(i).padStart(6, '0')}`,
          spec: { replicas: i % 5, image: `registry/app:${i % 97}`, env: { TIER: ['web', 'api', 'db'][i % 3] } },
          status: { ready: i % 7 !== 0 },
        };
      });
      writeFileSync(join(dir, `items-${String(from / FILE_ITEMS).padStart(3, '0')}.json`), JSON.stringify(documents));
    }
    const path = join(dir, 'items-*.json');
    const scraper = {
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata: { name: `bench-unchanged-${items}` },
      spec: { file: [{ type: 'Bench::Item', paths: [path], items: '$[*]', id: '$.id', name: '$.name' }] },
    };
    // file scrapers read nothing until an administrator names the folders they may read
    const roots = await allowFolder(api, token, dir);
    if (roots) return `NOT RUN scrape of ${items} unchanged items: allowing its folder answered ${roots}`;
    const id = await scraperId(api, token, scraper);
    if (!id.ok) return `NOT RUN scrape of ${items} unchanged items: creating the scraper answered ${id.error}`;
    // the first run creates the items and may take minutes: queued, then watched (no request held open)
    const firstStarted = Date.now();
    const first = await api.request('POST', `/api/catalog/scrapers/${id.id}/run`, token);
    if (first.status !== 200)
      return `NOT RUN scrape: the first run answered ${first.status} ${first.body.slice(0, 200)}`;
    await waitIdle(api, token, id.id, firstStarted);
    const firstMs = Date.now() - firstStarted;
    const pid = server.child.pid ?? 0;
    const detail = await memoryDetail(api, token, pid);
    let peak = rssMb(pid);
    const before = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    const second = await api.request('POST', `/api/catalog/scrapers/${id.id}/run?wait=true`, token);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    if (second.status !== 200)
      return `NOT RUN scrape: the second run answered ${second.status} ${second.body.slice(0, 200)}`;
    const run = JSON.parse(second.body) as { state?: string; run?: Record<string, unknown> | null };
    // a run that read nothing (an unreadable file) is not a scrape of unchanged items
    const errors = Number((run.run?.error_count as number | undefined) ?? 1);
    const ok = run.state === 'succeeded' && errors === 0 && second.ms <= TARGET_MS && peak <= TARGET_RSS_MB;
    return `${ok ? 'PASS' : 'MISS'} scrape of ${items} unchanged items (Run Now, waited): ${(second.ms / 1000).toFixed(2)} s (target ≤ ${TARGET_MS / 1000} s; first run ${(firstMs / 1000).toFixed(2)} s); server RSS ${before.toFixed(0)} MB before (${detail}), peak ${peak.toFixed(0)} MB (target ≤ ${TARGET_RSS_MB}); run ${JSON.stringify(run.run ?? null).slice(0, 300)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Names `dir` as the file scrapers' only root (created, or updated on a kept database); an error text or null. */
async function allowFolder(api: Api, token: string, dir: string): Promise<string | null> {
  const property = { name: 'catalog.scraper.file.roots', value: dir };
  const created = await api.request('POST', '/api/properties', token, property);
  if (created.status === 201) return null;
  const updated = await api.request('PATCH', `/api/properties/${property.name}`, token, { value: dir });
  return updated.status === 200 ? null : `${created.status} then ${updated.status} ${updated.body.slice(0, 200)}`;
}

/** The bench scraper's id: created, or on a kept database the one a previous run created, updated to `doc`. */
async function scraperId(
  api: Api,
  token: string,
  doc: { metadata: { name: string } },
): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const created = await api.request('POST', '/api/catalog/scrapers', token, doc);
  if (created.status === 201) return { ok: true, id: (JSON.parse(created.body) as { id: string }).id };
  const list = await api.request('GET', '/api/catalog/scrapers', token);
  const found = (JSON.parse(list.body) as Array<{ id: string; name: string }>).find(
    (s) => s.name === doc.metadata.name,
  );
  if (!found) return { ok: false, error: `${created.status} ${created.body.slice(0, 200)}` };
  const updated = await api.request('PUT', `/api/catalog/scrapers/${found.id}`, token, doc);
  return updated.status === 200 ? { ok: true, id: found.id } : { ok: false, error: `PUT ${updated.status}` };
}

/**
 * Waits until a run of the scraper that started at or after `since` (ms) has finished: the first run of many
 * items outlasts Run Now's 60 s wait, and a queued run is not yet "running".
 */
async function waitIdle(api: Api, token: string, id: string, since: number): Promise<void> {
  for (let tries = 0; tries < 1_200; tries++) {
    const answer = await api.request('GET', `/api/catalog/scrapers/${id}`, token);
    // the scraper's answer: its progress row while a run is under way, and its latest runs
    const scraper = JSON.parse(answer.body) as {
      running?: unknown;
      runs?: Array<{ time_start?: string; time_end?: string }>;
    };
    const last = scraper.runs?.[0];
    const done = last?.time_end && Date.parse(last.time_start ?? '') >= since - 1_000;
    if (answer.status === 200 && scraper.running == null && done) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the first scrape did not finish in 10 minutes');
}
