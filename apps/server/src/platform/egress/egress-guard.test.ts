import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DnsResponder, startDnsResponder } from '../../modules/health/check-types/testing/dns-responder.js';
import { guardFor, startHttpServer, type TestServer } from '../../modules/health/check-types/testing/targets.js';
import { runCheck } from '../../modules/health/index.js';
import { createEgressGuard, type HostResolver, systemResolver } from './egress-guard.js';

let dns: DnsResponder;
let server: TestServer;
let resolve: HostResolver;

beforeAll(async () => {
  dns = await startDnsResponder({
    'rebind.test': { A: ['10.1.2.3'] },
    'meta.test': { A: ['169.254.169.254'] },
    'multi.test': { A: ['93.184.216.34', '127.0.0.1'] },
    'v6private.test': { AAAA: ['fd00::5'] },
    'mapped.test': { AAAA: ['::ffff:169.254.169.254'] },
    'public.test': { A: ['93.184.216.34'] },
  });
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`127.0.0.1:${dns.port}`]);
  // Names under .test come from the local responder; others (localhost) from the system resolver.
  resolve = async (host) => {
    if (!host.endsWith('.test')) return systemResolver(host);
    const [v4, v6] = await Promise.all([
      resolver.resolve4(host).catch(() => []),
      resolver.resolve6(host).catch(() => []),
    ]);
    return [...v4, ...v6];
  };
  server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/redirect-to') res.writeHead(302, { location: url.searchParams.get('url') ?? '/' }).end();
    else res.writeHead(200).end('ok');
  });
});

afterAll(async () => {
  await dns.close();
  await server.close();
});

const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/',
  'http://0xA9FEA9FE/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://0251.0376.0251.0376/',
  'http://169.254.43518/',
  'http://169.16689662/',
  'http://169.254.169.254./',
  'http://%31%36%39.254.169.254/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[0:0:0:0:0:ffff:a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::]/',
  'http://[fd00:ec2::254]/',
  'http://[fd00:ec2:0:0:0:0:0:254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://METADATA.GOOGLE.INTERNAL./',
  'http://100.100.100.200/latest/meta-data/',
  'http://meta.test/',
  'http://mapped.test/',
];

const PRIVATE_URLS = [
  'http://127.0.0.1/',
  'http://127.1/',
  'http://0177.0.0.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://localhost/',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  'http://[::]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://rebind.test/',
  'http://multi.test/',
  'http://v6private.test/',
];

const HOST_PORT_PAYLOADS = [
  '169.254.169.254:80',
  '2852039166:80',
  '[::ffff:169.254.169.254]:80',
  '0x7f.1:22',
  '[::1]:22',
];

const check = (type: string, spec: Record<string, unknown>, policy: string, allowList = '') =>
  runCheck(type, { name: 'egress', ...spec }, { egress: guardFor(policy, allowList, resolve), timeoutMs: 3000 });

describe('egress policy: every payload refused under deny-private', () => {
  it('has at least 30 payloads', () => {
    expect(METADATA_URLS.length + PRIVATE_URLS.length + HOST_PORT_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it.each([...METADATA_URLS, ...PRIVATE_URLS])('refuses %s', async (url) => {
    const result = await check('http', { url }, 'deny-private');
    expect(result.status).toBe('unhealthy');
    expect(result.message).toMatch(/^egress refused: .+ \(policy: deny-private\)$/);
  });

  it.each(HOST_PORT_PAYLOADS)('refuses tcp endpoint %s', async (endpoint) => {
    const result = await check('tcp', { endpoint }, 'deny-private');
    expect(result.message).toMatch(/^egress refused: .+ \(policy: deny-private\)$/);
  });

  it('names the rule: the address, how it was written, and what it is', async () => {
    expect((await check('http', { url: 'http://[::ffff:a9fe:a9fe]/' }, 'deny-private')).message).toBe(
      'egress refused: ::ffff:a9fe:a9fe (IPv4-mapped 169.254.169.254) is a cloud metadata address (policy: deny-private)',
    );
    expect((await check('http', { url: 'http://rebind.test/' }, 'deny-private')).message).toBe(
      'egress refused: rebind.test resolves to 10.1.2.3, which is a private (RFC 1918) address (policy: deny-private)',
    );
    expect((await check('http', { url: 'http://multi.test/' }, 'deny-private')).message).toBe(
      'egress refused: multi.test resolves to 127.0.0.1, which is a loopback address (policy: deny-private)',
    );
  });

  it('refuses a redirect to a private address even when the first hop is allowed', async () => {
    const targets = [
      'http://10.0.0.1/',
      'http://169.254.169.254/',
      'http://rebind.test/',
      'http://[::1]/',
      'http://2852039166/',
    ];
    for (const target of targets) {
      const url = `${server.url}/redirect-to?url=${encodeURIComponent(target)}`;
      const result = await check('http', { url }, 'deny-private', '127.0.0.1');
      expect(result.message, target).toMatch(/^egress refused: .+ \(policy: deny-private\)$/);
    }
  });

  it('refuses metadata through every network check type', async () => {
    const meta = '169.254.169.254';
    const specs: [string, Record<string, unknown>][] = [
      ['tls', { endpoint: `${meta}:443` }],
      ['icmp', { endpoint: meta }],
      ['dns', { server: meta, query: 'example.com' }],
      ['postgres', { url: `postgres://u@${meta}/db` }],
      ['mysql', { url: `mysql://u@${meta}/db` }],
      ['redis', { addr: `${meta}:6379` }],
      ['prometheus', { url: `http://${meta}:9090`, query: 'up' }],
    ];
    for (const [type, spec] of specs) {
      const result = await check(type, spec, 'allow-private');
      expect(result.message, type).toBe(`egress refused: ${meta} is a cloud metadata address (policy: allow-private)`);
    }
  });
});

describe('egress policy: the default (allow-private)', () => {
  it.each(METADATA_URLS)('refuses metadata %s', async (url) => {
    const result = await check('http', { url }, 'allow-private');
    expect(result.message).toMatch(
      /^egress refused: .+ (a cloud metadata address|a cloud metadata host) \(policy: allow-private\)$/,
    );
  });

  it('allows private addresses, and refuses a redirect to metadata', async () => {
    expect((await check('http', { url: server.url }, 'allow-private')).status).toBe('healthy');
    const url = `${server.url}/redirect-to?url=${encodeURIComponent('http://0xA9FEA9FE/')}`;
    expect((await check('http', { url }, '')).message).toBe(
      'egress refused: 169.254.169.254 is a cloud metadata address (policy: allow-private)',
    );
  });

  it('connects to an IPv6 address, literal or resolved, at the checked address', async () => {
    const { createServer } = await import('node:http');
    const v6 = createServer((_req, res) => res.end('v6'));
    const listening = await new Promise<boolean>((done) => {
      v6.once('error', () => done(false));
      v6.listen(0, '::1', () => done(true));
    });
    if (!listening) {
      console.warn('no IPv6 loopback here; the IPv6 target test is skipped');
      return;
    }
    const address = v6.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      expect(
        (await check('http', { url: `http://[::1]:${port}/`, responseContent: 'v6' }, 'allow-private')).status,
      ).toBe('healthy');
      const egress = createEgressGuard({ getPolicy: () => ({}), resolve: async () => ['::1'] });
      const named = await runCheck('http', { name: 'v6', url: `http://six.test:${port}/` }, { egress });
      expect(named.status).toBe('healthy');
      expect((await check('tcp', { endpoint: `[::1]:${port}` }, '')).status).toBe('healthy');
    } finally {
      v6.closeAllConnections();
      await new Promise((done) => v6.close(done));
    }
  });

  it('pins the checked address so a second DNS answer cannot swap it (rebinding)', async () => {
    let calls = 0;
    const flipping: HostResolver = async () => (calls++ === 0 ? ['127.0.0.1'] : ['169.254.169.254']);
    const egress = createEgressGuard({ getPolicy: () => ({}), resolve: flipping });
    const result = await runCheck('http', { name: 'pin', url: `http://flip.test:${server.port}/` }, { egress });
    expect(result.status).toBe('healthy');
    expect(calls).toBe(1);
  });
});

describe('egress policy: allow-list and explicit listing', () => {
  const guard = (allowList: string, policy = 'allow-list') => guardFor(policy, allowList, resolve);

  it('allows only listed CIDRs and hostnames', async () => {
    await expect(guard('127.0.0.0/8').check('localhost')).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(guard('127.0.0.0/8').check('public.test')).rejects.toThrow(
      'egress refused: public.test resolves to 93.184.216.34, which is not on the allow-list (policy: allow-list)',
    );
    await expect(guard('*.test').check('rebind.test')).resolves.toMatchObject({ address: '10.1.2.3' });
    await expect(guard('public.test').check('rebind.test')).rejects.toThrow(/not on the allow-list/);
  });

  it('keeps metadata blocked unless the exact address or host is listed', async () => {
    await expect(guard('169.254.0.0/16').check('169.254.169.254')).rejects.toThrow(/is a cloud metadata address/);
    await expect(guard('0.0.0.0/0', 'allow-private').check('2852039166')).rejects.toThrow(/cloud metadata/);
    await expect(guard('169.254.169.254', 'allow-private').check('0xA9FEA9FE')).resolves.toMatchObject({
      address: '169.254.169.254',
    });
    const listedHost = createEgressGuard({
      getPolicy: () => ({ policy: 'allow-list', allowList: 'metadata.google.internal' }),
      resolve: async () => ['169.254.169.254'],
    });
    await expect(listedHost.check('metadata.google.internal')).resolves.toMatchObject({ address: '169.254.169.254' });
  });

  it('lets listed private addresses through under deny-private', async () => {
    await expect(guard('10.1.2.3', 'deny-private').check('rebind.test')).resolves.toMatchObject({
      address: '10.1.2.3',
    });
  });

  it('judges an address literal again once the policy changes (the parsed policy and verdicts are kept per value)', async () => {
    const settings = { policy: 'allow-private', allowList: '' };
    const egress = createEgressGuard({ getPolicy: () => ({ ...settings }) });
    const first = await egress.check('10.1.2.3');
    expect(first).toMatchObject({ address: '10.1.2.3', family: 4 });
    expect(await egress.check('10.1.2.3')).toBe(first);
    settings.policy = 'deny-private';
    await expect(egress.check('10.1.2.3')).rejects.toThrow(
      'egress refused: 10.1.2.3 is a private (RFC 1918) address (policy: deny-private)',
    );
    settings.allowList = '10.1.2.3';
    await expect(egress.check('10.1.2.3')).resolves.toMatchObject({ address: '10.1.2.3' });
  });

  it('fails closed on a bad property value, naming the property', async () => {
    await expect(guardFor('block-everything').check('127.0.0.1')).rejects.toThrow(
      "egress refused: property health.egress.policy has an unknown value 'block-everything' (expected allow-private, deny-private, allow-list) (policy: block-everything)",
    );
    await expect(guardFor('allow-list', '10.0.0.0/8, not a host!').check('10.0.0.1')).rejects.toThrow(
      "property health.egress.allow_list has an invalid entry 'not a host!'",
    );
  });
});
