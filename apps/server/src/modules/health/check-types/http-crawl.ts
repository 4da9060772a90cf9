/**
 * An http check's `crawl` (canary-checker's colly collector): from the check's URL, every `<a href>` of
 * each HTML page is requested in turn within the allowed domains (the URL's host by default, exact
 * names as colly's), the URL filters (RE2, as Go's regexp) and the depth (the URL is depth 1), each URL
 * once, at most `parallelism` at once, each request after `delay` plus up to `randomDelay`. A page that
 * fails (a network error, or a status of 203 and above after redirects, as colly counts errors) is
 * `missing`; the check passes when nothing is missing. Upstream declares `missing` and `visited` but its
 * collector runs detached and reports nothing; here they are the check's details (`missing.join("\n")`).
 *
 * Every request goes through the egress guard, redirects included, with the check's TLS settings and
 * User-Agent and no credentials (colly sends none). A crawl stops at {@link HTTP_CRAWL_MAX_PAGES} pages, and
 * starts no request past {@link HTTP_CRAWL_TIME_SHARE} of the check's timeout, so a site larger than the
 * time allows still reports what it found instead of ending as a bare timeout.
 */
import { setTimeout as delay } from 'node:timers/promises';
import {
  HTTP_CHECK_USER_AGENT,
  HTTP_CRAWL_DEFAULTS,
  HTTP_CRAWL_MAX_PAGES,
  HTTP_CRAWL_TIME_SHARE,
  HTTP_MAX_BODY_BYTES,
  HTTP_MAX_REDIRECTS,
  type HttpCheckSpec,
  parseDurationMs,
} from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import { type GuardedResponse, guardedRequest } from '../../../platform/egress/guarded-http.js';
import { linearRegexProblem, linearRegexTest } from '../../../platform/linear-regex.js';
import { type CheckContext, type CheckRunOutput, healthy, unhealthy } from './check-context.js';
import { htmlLinks } from './html-links.js';
import { errorText } from './network-errors.js';
import { guardedTlsFields, type TlsOptions } from './tls-options.js';

type CrawlSpec = NonNullable<HttpCheckSpec['crawl']>;

interface CrawlRules {
  depth: number;
  parallelism: number;
  delayMs: number;
  randomDelayMs: number;
  allowedDomains: string[];
  disallowedDomains: string[];
  allowedURLFilters: string[];
  disallowedURLFilters: string[];
}

function rules(crawl: CrawlSpec, start: URL): CrawlRules {
  for (const pattern of [...(crawl.allowedURLFilters ?? []), ...(crawl.disallowedURLFilters ?? [])]) {
    const problem = linearRegexProblem(pattern);
    if (problem) throw new CheckConfigError(`crawl URL filter '${pattern}' ${problem}`);
  }
  const allowed = crawl.allowedDomains ?? [];
  const disallowed = crawl.disallowedDomains ?? [];
  return {
    depth: crawl.depth || HTTP_CRAWL_DEFAULTS.depth,
    parallelism: crawl.parallelism || HTTP_CRAWL_DEFAULTS.parallelism,
    delayMs: parseDurationMs(crawl.delay || HTTP_CRAWL_DEFAULTS.delay) ?? 0,
    randomDelayMs: parseDurationMs(crawl.randomDelay || HTTP_CRAWL_DEFAULTS.randomDelay) ?? 0,
    // colly: with neither list given, only the URL's own host
    allowedDomains: allowed.length === 0 && disallowed.length === 0 ? [start.hostname] : allowed,
    disallowedDomains: disallowed,
    allowedURLFilters: crawl.allowedURLFilters ?? [],
    disallowedURLFilters: crawl.disallowedURLFilters ?? [],
  };
}

/** colly's requestCheck: domain lists (exact names), then the disallowed and allowed URL filters. */
function refusal(url: URL, rule: CrawlRules): string | null {
  const host = url.hostname;
  if (rule.disallowedDomains.includes(host)) return 'domain disallowed';
  if (rule.allowedDomains.length > 0 && !rule.allowedDomains.includes(host)) return 'domain not allowed';
  if (rule.disallowedURLFilters.some((pattern) => linearRegexTest(pattern, url.href))) return 'URL filtered out';
  if (
    rule.allowedURLFilters.length > 0 &&
    !rule.allowedURLFilters.some((pattern) => linearRegexTest(pattern, url.href))
  )
    return 'no URL filter matches';
  return null;
}

interface Visit {
  url: string;
  depth: number;
}

/** What a crawl found: the pages that failed (with why), how many were requested, and the first page. */
interface CrawlFindings {
  missing: string[];
  visited: number;
  /** Why it stopped early: the page cap or the check's time. */
  stopped?: string;
  first?: GuardedResponse;
}

async function fetchPage(url: string, tls: TlsOptions, ctx: CheckContext): Promise<GuardedResponse> {
  return guardedRequest({
    url,
    method: 'GET',
    headers: { 'User-Agent': HTTP_CHECK_USER_AGENT },
    followRedirects: true,
    maxRedirects: HTTP_MAX_REDIRECTS,
    ...guardedTlsFields(tls),
    maxBodyBytes: HTTP_MAX_BODY_BYTES,
    signal: ctx.signal,
    guard: ctx.egress,
  });
}

async function crawlFrom(start: URL, rule: CrawlRules, tls: TlsOptions, ctx: CheckContext): Promise<CrawlFindings> {
  const findings: CrawlFindings = { missing: [], visited: 0 };
  const deadline = performance.now() + ctx.timeoutMs * HTTP_CRAWL_TIME_SHARE;
  const seen = new Set<string>([start.href]);
  const queue: Visit[] = [{ url: start.href, depth: 1 }];
  const visit = async ({ url, depth }: Visit) => {
    findings.visited++;
    let response: GuardedResponse;
    try {
      response = await fetchPage(url, tls, ctx);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      findings.missing.push(`${url} (${errorText(error)})`);
      return;
    }
    if (url === start.href) findings.first = response;
    if (response.status >= 203) {
      findings.missing.push(`${url} (${response.status})`);
      return;
    }
    if (depth >= rule.depth || !/html/i.test(response.headers['content-type'] ?? '')) return;
    for (const link of htmlLinks(response.body.toString('utf8'), response.url)) {
      if (seen.has(link) || refusal(new URL(link), rule)) continue;
      seen.add(link);
      queue.push({ url: link, depth: depth + 1 });
    }
  };
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (findings.visited >= HTTP_CRAWL_MAX_PAGES) findings.stopped = `at ${HTTP_CRAWL_MAX_PAGES} pages`;
      if (findings.stopped) return;
      // an aborted run stops waiting at once (its next request fails on the same signal)
      const wait = rule.delayMs + Math.random() * rule.randomDelayMs;
      if (wait > 0) await delay(wait, undefined, { signal: ctx.signal }).catch(() => {});
      if (performance.now() > deadline) findings.stopped = "near the check's timeout";
      if (findings.stopped || ctx.signal.aborted) return;
      await visit(next);
    }
  };
  // One page first (it seeds the queue), then the workers share what it found and what those find.
  const first = queue.shift();
  if (first) await visit(first);
  // A worker that finds the queue empty ends while others may still add to it: start them again then.
  while (queue.length > 0 && !findings.stopped && !ctx.signal.aborted) {
    await Promise.all(Array.from({ length: rule.parallelism }, worker));
  }
  return findings;
}

/** Runs the check's crawl from `url` and judges it: healthy when no page is missing. */
export async function runCrawl(
  crawl: CrawlSpec,
  url: URL,
  tls: TlsOptions,
  ctx: CheckContext,
): Promise<CheckRunOutput> {
  const rule = rules(crawl, url);
  const refused = refusal(url, rule);
  if (refused) throw new CheckConfigError(`crawl cannot start at ${url.href}: ${refused}`);
  const started = performance.now();
  const found = await crawlFrom(url, rule, tls, ctx);
  if (ctx.signal.aborted) throw ctx.signal.reason;
  const elapsed = Math.round(performance.now() - started);
  const details: Record<string, unknown> = {
    url: url.href,
    missing: found.missing,
    visited: found.visited,
    elapsed,
    ...(found.first ? { code: found.first.status, headers: found.first.headers } : {}),
    ...(found.stopped ? { truncated: true } : {}),
  };
  const cap = found.stopped ? ` (stopped ${found.stopped})` : '';
  if (found.missing.length > 0) {
    const list = found.missing.slice(0, 5).join(', ');
    const more = found.missing.length > 5 ? ` and ${found.missing.length - 5} more` : '';
    return {
      ...unhealthy(`${found.missing.length} of ${found.visited} crawled pages failed${cap}: ${list}${more}`, details),
      duration: elapsed,
    };
  }
  return { ...healthy(`crawled ${found.visited} pages, none missing${cap}`, details), duration: elapsed };
}
