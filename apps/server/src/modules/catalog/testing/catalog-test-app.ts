/**
 * The whole app (createTestApp: real sign-in, roles and access policy) on a fresh database, with people
 * signed in through the identity flow, plus helpers to run a scrape the way the job does and read rows back.
 */
import type { Database } from '@mc/db';
import type { Hono } from 'hono';
import { type Config, loadConfig } from '../../../platform/config.js';
import type { AppEnv } from '../../../platform/request-context.js';
import { signedInPeople, type TestResponse } from '../../../test/signed-in-people.js';
import { createTestApp } from '../../../test/test-app.js';
import { FILE_ROOTS_PROPERTY } from '../scrape/catalog-settings.js';
import { runScrape, type ScrapeOutcome } from '../scrape/scrape-engine.js';

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
  const t = await createTestApp();
  const { app, database } = t;
  const config = loadConfig({});
  const people = signedInPeople(t, 'catalog');
  return {
    app,
    database,
    config,
    call: people.call,
    person: (roles) => people.person(roles),
    scrape: (scraperId) =>
      runScrape({ database, config }, scraperId, { signal: new AbortController().signal, jobName: 'run_scraper' }),
    async rows<R>(text: string, values: unknown[] = []) {
      const result = await database.pool.query(text, values);
      return result.rows as R[]; // the caller names the columns it selects
    },
    close: t.close,
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
