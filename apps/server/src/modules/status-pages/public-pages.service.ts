import { gzipSync } from 'node:zlib';
import { type PublicStatusPage, STATUS_PAGE_CACHE_MS } from '@mc/contracts';
import type { Database } from '@mc/db';
import { safeEqual, sha256 } from '../../platform/tokens.js';
import { sloBudgetsOf } from '../slos/index.js';
import { type BuiltPage, type BuiltService, buildPage } from './page-builder.service.js';
import { ttlCache } from './page-cache.js';
import { publicView } from './public-view.js';
import { renderAtom } from './render-atom.js';
import { renderPageHtml } from './render-html.js';
import { allLivePages, findPageBySlug, type StatusPageRow } from './status-pages.repo.js';

/** A page's built content and its renderings, made once per cache period and shared by every reader. */
export interface CachedPage {
  built: BuiltPage;
  view: PublicStatusPage;
  json: string;
  /** The HTML (plain and gzip) by the link query it carries ('' or a validated `?token=`). */
  html: Map<string, { text: string; gzip: Buffer }>;
}

/** True when `token` opens `page`: a public page needs none; a token page needs its read token. */
export function tokenOpens(page: StatusPageRow, token: string | undefined): boolean {
  if (page.visibility === 'public') return true;
  if (!token || !page.token_hash || token.length > 200) return false;
  return safeEqual(sha256(token), page.token_hash);
}

/**
 * The anonymous side of status pages: each page built at most once per {@link STATUS_PAGE_CACHE_MS}
 * with single flight, whatever the number of readers; a missing page, or a token page without its
 * token, is one answer: not found (a stranger learns nothing of what exists).
 */
export function publicPagesService(database: Database, ttlMs = STATUS_PAGE_CACHE_MS) {
  const bySlug = ttlCache<CachedPage | null>(ttlMs);
  const livePages = ttlCache<StatusPageRow[]>(ttlMs, 1);
  const budgets = ttlCache<number | null>(ttlMs);

  const load = (slug: string) =>
    bySlug.get(slug, async () => {
      const row = await findPageBySlug(database.db, slug);
      if (!row) return null;
      const built = await buildPage(database, row);
      const view = publicView(built);
      return { built, view, json: JSON.stringify(view), html: new Map() };
    });

  return {
    /** The cached page a reader with `token` may see, or null. */
    async open(slug: string, token: string | undefined): Promise<CachedPage | null> {
      const cached = await load(slug);
      return cached && tokenOpens(cached.built.page, token) ? cached : null;
    },
    /** The page's HTML with links carrying `query` (made once per cache period). */
    html(cached: CachedPage, query: string): { text: string; gzip: Buffer } {
      let found = cached.html.get(query);
      if (!found) {
        const text = renderPageHtml(cached.view, cached.built.page.slug, query);
        found = { text, gzip: gzipSync(text) };
        if (cached.html.size < 4) cached.html.set(query, found);
      }
      return found;
    },
    atom(cached: CachedPage, origin: string, query: string): string {
      return renderAtom(cached.view, cached.built.page.slug, origin, query);
    },
    /**
     * A check or component as the pages show it, from the first page that shows it and that the reader
     * may open: a public page, or the token page whose read token they carry.
     */
    async findService(kind: BuiltService['kind'], id: string, token: string | undefined): Promise<BuiltService | null> {
      const rows = await livePages.get('all', () => allLivePages(database.db));
      for (const row of rows) {
        if (!tokenOpens(row, token)) continue;
        const cached = await load(row.slug);
        const service = cached?.built.groups.flatMap((g) => g.services).find((s) => s.kind === kind && s.id === id);
        if (service && cached && tokenOpens(cached.built.page, token)) return service;
      }
      return null;
    },
    /**
     * The error budget left (%) of the first SLO of a service already found on a page the reader may
     * open, null without an SLO; cached like the pages.
     */
    sloBudgetLeft(service: BuiltService): Promise<number | null> {
      return budgets.get(`${service.kind}:${service.id}`, async () => {
        const object = service.kind === 'check' ? { checkId: service.id } : { componentId: service.id };
        return (await sloBudgetsOf(database, object))[0]?.budget_remaining ?? null;
      });
    },
    /** Forgets a page after an edit (and the page list the badges walk). */
    invalidate(slug: string): void {
      bySlug.invalidate(slug);
      livePages.invalidate();
    },
  };
}

/** The anonymous side's service. */
export type PublicPagesService = ReturnType<typeof publicPagesService>;
