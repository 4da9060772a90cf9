import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchServer } from '../health/bench-server.js';

const ITEMS = 10_000;
const TARGET_MS = 5_000;
const TARGET_RSS_MB = 500;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** What the server's resident memory is made of: anonymous and file pages, and its main isolate's heap. */
async function memoryDetail(server: BenchServer, token: string, pid: number): Promise<string> {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0) / 1024;
  const metrics = await server.request('GET', '/metrics', token);
  const metric = (name: string) => {
    const found = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)`, 'm').exec(metrics.body)?.[1];
    return found === undefined ? '?' : (Number(found) / 1024 / 1024).toFixed(0);
  };
  return `anonymous ${kb('Anonymous').toFixed(0)} MB, file ${(kb('Rss') - kb('Anonymous')).toFixed(0)} MB; main isolate heap ${metric('nodejs_heap_size_used_bytes')} of ${metric('nodejs_heap_size_total_bytes')} MB, external ${metric('nodejs_external_memory_bytes')} MB`;
}

/**
 * A scrape of 10,000 unchanged items through the real server: a file scraper over one JSON file of 10,000
 * documents is created and run once (creating the items), then Run Now (`?wait=true`) again with the file
 * untouched; the second run's wall time and the server process's largest resident size during it (sampled
 * every 20 ms from /proc) are the figures. Uses the scrapers API of the catalog (issue 13 item 1).
 */
export async function benchScrape(server: BenchServer, token: string, workDir: string): Promise<string> {
  const dir = join(workDir, '..', `${workDir.split('/').at(-1)}-scrape`);
  mkdirSync(dir, { recursive: true });
  try {
    const path = join(dir, 'items.json');
    const documents = Array.from({ length: ITEMS }, (_, i) => ({
      id: `bench-${i}`,
      name: `bench-item-${String(i).padStart(5, '0')}`,
      spec: { replicas: i % 5, image: `registry/app:${i % 97}`, env: { TIER: ['web', 'api', 'db'][i % 3] } },
      status: { ready: i % 7 !== 0 },
    }));
    writeFileSync(path, JSON.stringify(documents));
    const scraper = {
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata: { name: 'bench-unchanged' },
      spec: { file: [{ type: 'Bench::Item', paths: [path], items: '$[*]', id: '$.id', name: '$.name' }] },
    };
    // file scrapers read nothing until an administrator names the folders they may read
    const roots = await server.request('POST', '/api/properties', token, {
      name: 'catalog.scraper.file.roots',
      value: dir,
    });
    if (roots.status !== 201)
      return `NOT RUN scrape of ${ITEMS} unchanged items: allowing its folder answered ${roots.status} ${roots.body.slice(0, 200)}`;
    const created = await server.request('POST', '/api/catalog/scrapers', token, scraper);
    if (created.status !== 201)
      return `NOT RUN scrape of ${ITEMS} unchanged items: creating the scraper answered ${created.status} ${created.body.slice(0, 200)}`;
    const id = (JSON.parse(created.body) as { id: string }).id;
    const first = await server.request('POST', `/api/catalog/scrapers/${id}/run?wait=true`, token);
    if (first.status !== 200)
      return `NOT RUN scrape: the first run answered ${first.status} ${first.body.slice(0, 200)}`;
    const pid = server.child.pid ?? 0;
    const detail = await memoryDetail(server, token, pid);
    let peak = rssMb(pid);
    const before = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    const second = await server.request('POST', `/api/catalog/scrapers/${id}/run?wait=true`, token);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    if (second.status !== 200)
      return `NOT RUN scrape: the second run answered ${second.status} ${second.body.slice(0, 200)}`;
    const run = JSON.parse(second.body) as { run?: Record<string, unknown> | null };
    const ok = second.ms <= TARGET_MS && peak <= TARGET_RSS_MB;
    return `${ok ? 'PASS' : 'MISS'} scrape of ${ITEMS} unchanged items (Run Now, waited): ${(second.ms / 1000).toFixed(2)} s (target ≤ ${TARGET_MS / 1000} s; first run creating them ${(first.ms / 1000).toFixed(2)} s); server RSS ${before.toFixed(0)} MB before (${detail}), peak ${peak.toFixed(0)} MB (target ≤ ${TARGET_RSS_MB}); run ${JSON.stringify(run.run ?? null).slice(0, 300)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
