/**
 * The scrapers routes on a fresh database behind the real authentication middleware and role matrix
 * (a header names the person), plus helpers to run a scrape the way the job does and read rows back.
 */
import type { Database } from '@mc/db';
import { createTestDatabase } from '@mc/db/testing';
import type { Hono } from 'hono';
import { type Config, loadConfig } from '../../../platform/config.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { createHeaderAuthApp, TEST_PERSON_HEADER, type TestResponse } from '../../../test/header-auth-app.js';
import { setRoles } from '../../rbac/index.js';
import { FILE_ROOTS_PROPERTY } from '../scrape/catalog-settings.js';
import { runScrape, type ScrapeOutcome } from '../scrape/scrape-engine.js';
import { registerScraperRoutes } from '../scrapers/scrapers.routes.js';

/** The app, its database and helpers. */
export interface CatalogTestApp {
  app: Hono<AppEnv>;
  database: Database;
  config: Config;
  call(person: string | null, method: string, path: string, body?: unknown, type?: string): Promise<TestResponse>;
  person(roles: string[]): Promise<string>;
  /** Scrapes one scraper now, as its job would. */
  scrape(scraperId: string): Promise<ScrapeOutcome>;
  rows<R>(text: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

/** Builds the catalog test app. */
export async function createCatalogTestApp(): Promise<CatalogTestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({});
  const app = createHeaderAuthApp(database, (router, deps) => registerScraperRoutes(router, deps));
  let n = 0;
  return {
    app,
    database,
    config,
    call: async (person, method, path, body, type = 'application/json') =>
      app.request(path, {
        method,
        headers: { 'content-type': type, ...(person ? { [TEST_PERSON_HEADER]: person } : {}) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async person(roles) {
      n++;
      const { rows } = await database.pool.query<{ id: string }>(
        'INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id',
        [`Person ${n}`, `catalog-${n}-${Date.now()}@example.com`],
      );
      const id = rows[0]?.id ?? '';
      await setRoles(database.db, id, roles);
      return id;
    },
    scrape: (scraperId) =>
      runScrape({ database, config }, scraperId, { signal: new AbortController().signal, jobName: 'run_scraper' }),
    async rows<R>(text: string, values: unknown[] = []) {
      const result = await database.pool.query(text, values);
      return result.rows as R[]; // the caller names the columns it selects
    },
    close: () => database.close(),
  };
}

/**
 * Lets file scrapers read below `roots`, as an administrator would with the property
 * `catalog.scraper.file.roots` (nothing is read without it).
 */
export async function allowScraperFiles(database: Pick<Database, 'pool'>, ...roots: string[]): Promise<void> {
  await database.pool.query(
    `INSERT INTO properties (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, deleted_at = NULL`,
    [FILE_ROOTS_PROPERTY, roots.join(',')],
  );
}

/** A ScrapeConfig document of one name and spec. */
export function scrapeConfig(name: string, spec: Record<string, unknown>) {
  return { apiVersion: 'configs.flanksource.com/v1', kind: 'ScrapeConfig', metadata: { name }, spec };
}
