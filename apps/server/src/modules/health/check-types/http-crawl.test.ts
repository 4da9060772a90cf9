import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlLinks } from './html-links.js';
import { runCheck } from './registry.js';
import { guardFor, startHttpServer, type TestServer } from './testing/targets.js';

let site: TestServer;
const requested: string[] = [];
const egress = guardFor();

const page = (body: string) => `<html><body>${body}</body></html>`;

beforeAll(async () => {
  site = await startHttpServer((req, res) => {
    const path = req.url ?? '/';
    requested.push(path);
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(body));
    if (path === '/') {
      html(
        '<a href="/a">a</a> <a href=\'b\'>b</a> <a href="/a#top">a again</a> <a href="mailto:x@y.z">mail</a>' +
          '<a href="http://elsewhere.test/">away</a> <a href="http://169.254.169.254/latest/">metadata</a>' +
          '<!-- <a href="/commented">no</a> --><script>var s = "<a href=/scripted>"</script>',
      );
    } else if (path === '/a') html('<a href="/c?x=1&amp;y=2">c</a>');
    else if (path === '/b') res.writeHead(404).end('gone');
    else if (path === '/c?x=1&y=2') html('<a href="/">home</a>');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});

afterAll(() => site.close());

const noDelay = { delay: '0s', randomDelay: '0s' };
const crawl = (spec: Record<string, unknown>, display?: string) =>
  runCheck(
    'http',
    {
      name: 'crawler',
      url: `${site.url}/`,
      crawl: { ...noDelay, ...spec },
      ...(display ? { display: { expr: display } } : {}),
    },
    { egress, timeoutMs: 10_000 },
  );

describe('html links', () => {
  it('resolves a[href] against the page or its base, drops fragments, comments, scripts and other schemes', () => {
    const html =
      '<base href="https://site.test/docs/"><A HREF=guide.html>g</A><a class=x href="/top#s">t</a>' +
      '<a href="#only">f</a><a href="javascript:void(0)">j</a><!-- <a href="/no"> --><style>a{}</style>' +
      '<a href="https://other.test/p?a=1&amp;b=&#50;">o</a><a name="anchor">n</a>';
    expect(htmlLinks(html, 'https://site.test/index.html')).toEqual([
      'https://site.test/docs/guide.html',
      'https://site.test/top',
      'https://other.test/p?a=1&b=2',
    ]);
  });

  it('reads a page of unclosed tags in linear time', () => {
    const hostile = '<a href="x" '.repeat(200_000);
    const started = performance.now();
    expect(htmlLinks(hostile, 'https://site.test/')).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('http check crawl against a local site', () => {
  it("follows the site's links within its host and depth, and fails naming the missing page", async () => {
    requested.length = 0;
    const result = await crawl({ depth: 2 }, 'missing.join(", ")');
    expect(result.status).toBe('unhealthy');
    expect(result.details.missing).toEqual([`${site.url}/b (404)`]);
    expect(result.details.visited).toBe(3);
    expect(result.details.code).toBe(200);
    expect(result.message).toBe(`${site.url}/b (404)`);
    // the other host, the metadata address, fragments, comments and scripts were never requested
    expect([...requested].sort()).toEqual(['/', '/a', '/b']);
  });

  it('honours the URL filters, the default depth and the allowed domains; every request passes the egress guard', async () => {
    requested.length = 0;
    const deep = await crawl({ disallowedURLFilters: ['/b$'] });
    expect(deep).toMatchObject({ status: 'healthy', message: 'crawled 3 pages, none missing' });
    expect([...requested].sort()).toEqual(['/', '/a', '/c?x=1&y=2']);
    const onlyA = await crawl({ allowedURLFilters: ['/$', '/a$'] });
    expect(onlyA.details).toMatchObject({ visited: 2, missing: [] });
    const metadata = await crawl({
      depth: 2,
      allowedDomains: ['127.0.0.1', '169.254.169.254'],
      disallowedURLFilters: ['/b$'],
    });
    expect(metadata.status).toBe('unhealthy');
    expect(metadata.details.missing).toEqual([
      expect.stringMatching(/^http:\/\/169\.254\.169\.254\/latest\/ \(.*metadata.*\)$/),
    ]);
  });

  it('waits delay plus up to randomDelay before each request, parallelism at a time', async () => {
    const started = performance.now();
    const slow = await crawl({
      depth: 2,
      delay: '150ms',
      randomDelay: '0s',
      parallelism: 1,
      disallowedURLFilters: ['/b$'],
    });
    expect(slow.status).toBe('healthy');
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
  });

  it("stops starting requests near the check's timeout and reports what it found", async () => {
    const slow = await runCheck(
      'http',
      { name: 'crawler', url: `${site.url}/`, crawl: { delay: '400ms', randomDelay: '0s', parallelism: 1 } },
      { egress, timeoutMs: 1000 },
    );
    // 0 ms: /, 400 ms: /a, 800 ms: past 80% of the second — /b and /c are never requested
    expect(slow).toMatchObject({
      status: 'healthy',
      message: "crawled 2 pages, none missing (stopped near the check's timeout)",
    });
    expect(slow.details).toMatchObject({ visited: 2, truncated: true });
  });

  it('refuses a filter RE2 cannot run, and a start URL its own rules exclude', async () => {
    const lookahead = await crawl({ allowedURLFilters: ['(?=x)'] });
    expect(lookahead).toMatchObject({ status: 'unhealthy', invalid: true });
    expect(lookahead.message).toMatch(/^crawl URL filter '\(\?=x\)' is not a regular expression RE2 can run/);
    const excluded = await crawl({ disallowedDomains: ['127.0.0.1'] });
    expect(excluded.message).toBe(`crawl cannot start at ${site.url}/: domain disallowed`);
  });
});
