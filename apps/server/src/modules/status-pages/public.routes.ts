import {
  BADGE_KINDS,
  BADGE_WINDOWS,
  type BadgeKind,
  type BadgeWindow,
  STATUS_PAGE_CACHE_MS,
  STATUS_PAGE_MESSAGES,
} from '@mc/contracts';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../platform/request-context.js';
import { describeGuard } from '../../platform/route-permission.js';
import { drawBadge } from './badges.js';
import type { DayTotals } from './page-builder.service.js';
import type { CachedPage, PublicPagesService } from './public-pages.service.js';

/** Anyone may call these: each answers only what a page publishes (docs/status-pages.md). */
const anyone: MiddlewareHandler<AppEnv> = describeGuard<MiddlewareHandler<AppEnv>>(async (_c, next) => next(), {
  public: true,
});

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_AGE = Math.round(STATUS_PAGE_CACHE_MS / 1000);

function tokenOf(c: Context<AppEnv>): string | undefined {
  const token = c.req.query('token');
  return token && token.length <= 200 ? token : undefined;
}

/** The link query a page's HTML and feed carry: a token page's (validated) token, else nothing. */
function linkQuery(cached: CachedPage, token: string | undefined): string {
  return cached.built.page.visibility === 'token' && token ? `?token=${encodeURIComponent(token)}` : '';
}

/** Public pages may be cached by anyone briefly; token pages by nobody (the URL holds a secret). */
function cacheHeaders(c: Context<AppEnv>, visibility: 'public' | 'token'): void {
  if (visibility === 'public') c.header('Cache-Control', `public, max-age=${MAX_AGE}`);
  else {
    c.header('Cache-Control', 'private, no-store');
    c.header('X-Robots-Tag', 'noindex');
    c.header('Referrer-Policy', 'no-referrer');
  }
}

const notFound = (c: Context<AppEnv>, json: boolean) =>
  json
    ? c.json({ code: 'not_found', message: STATUS_PAGE_MESSAGES.notFound }, 404)
    : c.text(STATUS_PAGE_MESSAGES.notFound, 404);

function sendHtml(c: Context<AppEnv>, pages: PublicPagesService, cached: CachedPage, token: string | undefined) {
  const { text, gzip } = pages.html(cached, linkQuery(cached, token));
  cacheHeaders(c, cached.built.page.visibility);
  c.header('Vary', 'Accept-Encoding');
  c.header('Content-Type', 'text/html; charset=utf-8');
  if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(gzip), 200);
  }
  return c.body(text, 200);
}

function badgeParams(c: Context<AppEnv>): { window: BadgeWindow; label: string | undefined } | null {
  const window = (c.req.query('window') ?? '30d') as BadgeWindow; // checked on the next line
  if (!BADGE_WINDOWS.includes(window)) return null;
  const label = c.req.query('label');
  return { window, label: label ? label.slice(0, 100) : undefined };
}

function sendBadge(c: Context<AppEnv>, svg: string, visibility: 'public' | 'token') {
  cacheHeaders(c, visibility);
  c.header('Content-Type', 'image/svg+xml; charset=utf-8');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  return c.body(svg, 200);
}

/** Sums the services' days, for a page's own badge. */
function pageDays(cached: CachedPage): DayTotals[] {
  const services = cached.built.groups.flatMap((g) => g.services);
  return (services[0]?.days ?? []).map((day, i) => {
    const sum = { date: day.date, passed: 0, failed: 0, duration: 0 };
    for (const s of services) {
      sum.passed += s.days[i]?.passed ?? 0;
      sum.failed += s.days[i]?.failed ?? 0;
      sum.duration += s.days[i]?.duration ?? 0;
    }
    return sum;
  });
}

/**
 * The anonymous routes: a page as HTML (`/status/{slug}`), JSON (`/status/{slug}.json`) and Atom, and
 * badges for a page, check or component. Outside /api, so no session is asked; a missing page, a page
 * the reader lacks the token of, and an object on no page they may open all answer the same 404.
 */
export function registerPublicStatusRoutes(app: Hono<AppEnv>, pages: PublicPagesService): void {
  app.get('/status/:slug', anyone, async (c) => {
    const raw = c.req.param('slug');
    const json = raw.endsWith('.json');
    const slug = json ? raw.slice(0, -'.json'.length) : raw;
    if (!SLUG.test(slug) || slug.length > 60) return notFound(c, json);
    const token = tokenOf(c);
    const cached = await pages.open(slug, token);
    if (!cached) return notFound(c, json);
    if (!json) return sendHtml(c, pages, cached, token);
    cacheHeaders(c, cached.built.page.visibility);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(cached.json, 200);
  });
  app.get('/status/:slug/feed.atom', anyone, async (c) => {
    const slug = c.req.param('slug');
    const token = tokenOf(c);
    const cached = SLUG.test(slug) ? await pages.open(slug, token) : null;
    if (!cached) return notFound(c, false);
    cacheHeaders(c, cached.built.page.visibility);
    c.header('Content-Type', 'application/atom+xml; charset=utf-8');
    return c.body(pages.atom(cached, new URL(c.req.url).origin, linkQuery(cached, token)), 200);
  });
  app.get('/status/:slug/badge.svg', anyone, async (c) => {
    const slug = c.req.param('slug');
    const kind = (c.req.query('kind') ?? 'status') as BadgeKind; // checked on the next line
    const params = badgeParams(c);
    if (!params || !BADGE_KINDS.includes(kind) || !SLUG.test(slug)) return c.text('Bad badge parameters', 400);
    const cached = await pages.open(slug, tokenOf(c));
    if (!cached) return notFound(c, false);
    const svg = drawBadge(kind, params.window, { state: cached.built.state, days: pageDays(cached) }, params.label);
    return sendBadge(c, svg, cached.built.page.visibility);
  });
  app.get('/badge/:kind/:id/:file', anyone, async (c) => {
    const { kind, id, file } = c.req.param();
    const badge = file.endsWith('.svg') ? (file.slice(0, -4) as BadgeKind) : undefined; // checked below
    const params = badgeParams(c);
    if ((kind !== 'check' && kind !== 'component') || !badge || !BADGE_KINDS.includes(badge) || !params)
      return c.text('Bad badge parameters', 400);
    if (!UUID.test(id)) return notFound(c, false);
    const token = tokenOf(c);
    const service = await pages.findService(kind, id.toLowerCase(), token);
    if (!service) return notFound(c, false);
    const sloBudgetLeft = badge === 'slo' ? await pages.sloBudgetLeft(service) : undefined;
    const svg = drawBadge(badge, params.window, { ...service, sloBudgetLeft }, params.label ?? undefined);
    return sendBadge(c, svg, token ? 'token' : 'public');
  });
}
