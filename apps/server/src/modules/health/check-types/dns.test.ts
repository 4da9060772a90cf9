import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { type DnsResponder, startDnsResponder } from './testing/dns-responder.js';
import { guardFor } from './testing/targets.js';

let responder: DnsResponder;
const egress = guardFor();

beforeAll(async () => {
  responder = await startDnsResponder(
    {
      'app.test': {
        A: ['10.1.2.3', '10.1.2.4'],
        AAAA: ['fd00::1'],
        MX: [{ exchange: 'Mail.App.test', priority: 10 }],
        NS: ['ns1.app.test'],
      },
      'v4.app.test': { A: ['10.1.2.5'] },
      'www.app.test': { CNAME: ['app.test'] },
      '3.2.1.10.in-addr.arpa': { PTR: ['host.app.test'] },
      'txt.app.test': { TXT: [['v=spf1 ', '-all'], ['hello']] },
      '_sip._tcp.app.test': { SRV: [{ priority: 10, weight: 5, port: 5060, target: 'sip.app.test' }] },
      'empty.app.test': {},
      'slow.app.test': { A: ['10.1.2.6'] },
    },
    ['silent.app.test'],
    { 'slow.app.test': 300 },
  );
});

afterAll(() => responder.close());

const dns = (spec: Record<string, unknown>, timeoutMs = 5000) =>
  runCheck('dns', { name: 'd', server: '127.0.0.1', port: responder.port, ...spec }, { egress, timeoutMs });

describe('dns check against a local DNS responder', () => {
  it("answers A with every address of the name (as Go's LookupHost) and matches exactreply in any order", async () => {
    const result = await dns({ query: 'app.test', querytype: 'A', exactreply: ['fd00::1', '10.1.2.4', '10.1.2.3'] });
    expect(result.status).toBe('healthy');
    expect(result.message).toBe('got [10.1.2.3 10.1.2.4 fd00::1]');
    expect((await dns({ query: 'v4.app.test' })).details.records).toEqual(['10.1.2.5']);
  });

  it('answers names fully qualified with a trailing dot, as canary-checker reports them', async () => {
    const records = async (spec: Record<string, unknown>) => (await dns(spec)).details.records;
    expect(await records({ query: 'www.app.test', querytype: 'CNAME' })).toEqual(['app.test.']);
    expect(await records({ query: 'app.test', querytype: 'MX' })).toEqual(['Mail.App.test. 10']);
    expect(await records({ query: 'app.test', querytype: 'NS' })).toEqual(['ns1.app.test.']);
    expect(await records({ query: '10.1.2.3', querytype: 'PTR' })).toEqual(['host.app.test.']);
    expect(await records({ query: '_sip._tcp.app.test', querytype: 'SRV' })).toEqual(['10 5 5060 sip.app.test.']);
    expect(await records({ query: 'txt.app.test', querytype: 'TXT' })).toEqual(['v=spf1 -all', 'hello']);
  });

  it('compares exactreply case-insensitively in those forms', async () => {
    const pass = async (spec: Record<string, unknown>) => (await dns(spec)).status;
    expect(await pass({ query: 'app.test', querytype: 'AAAA', exactreply: ['FD00::1'] })).toBe('healthy');
    expect(await pass({ query: 'www.app.test', querytype: 'CNAME', exactreply: ['app.test.'] })).toBe('healthy');
    expect(await pass({ query: 'app.test', querytype: 'MX', exactreply: ['mail.app.test. 10'] })).toBe('healthy');
    expect(await pass({ query: 'txt.app.test', querytype: 'txt', exactreply: ['v=spf1 -all', 'hello'] })).toBe(
      'healthy',
    );
    expect(await pass({ query: 'www.app.test', querytype: 'CNAME', exactreply: ['app.test'] })).toBe('unhealthy');
  });

  it('fails on a wrong answer and on too few records, naming the query', async () => {
    const wrong = await dns({ query: 'app.test', exactreply: ['10.9.9.9'] });
    expect(wrong.message).toBe(
      `A app.test on 127.0.0.1:${responder.port}: got [10.1.2.3 10.1.2.4 fd00::1], expected [10.9.9.9]`,
    );
    const few = await dns({ query: 'app.test', querytype: 'AAAA', minrecords: 2 });
    expect(few.message).toBe(`AAAA app.test on 127.0.0.1:${responder.port}: returned 1 results, expecting 2`);
  });

  it('says no such name, no records, and times out a silent server', async () => {
    expect((await dns({ query: 'nope.app.test' })).message).toBe(
      `A nope.app.test on 127.0.0.1:${responder.port}: no such name`,
    );
    expect((await dns({ query: 'empty.app.test' })).message).toBe(
      `A empty.app.test on 127.0.0.1:${responder.port}: no records of that type`,
    );
    const silent = await dns({ query: 'silent.app.test', timeout: 1 });
    expect(silent.status).toBe('unhealthy');
    expect(silent.message).toMatch(/silent\.app\.test .*: no answer \(timed out\)$/);
  });

  it('fails an answer slower than thresholdMillis and passes it within', async () => {
    const slow = await dns({ query: 'slow.app.test', thresholdMillis: 100 });
    expect(slow.status).toBe('unhealthy');
    expect(slow.message).toMatch(/^threshold exceeded: \d+ ms > 100 ms$/);
    expect(slow.duration).toBeGreaterThanOrEqual(300);
    expect((await dns({ query: 'slow.app.test', thresholdMillis: 5000 })).status).toBe('healthy');
  });

  it('rejects an unknown query type as an invalid spec', async () => {
    const result = await dns({ query: 'app.test', querytype: 'HINFO' });
    expect(result).toMatchObject({ status: 'unhealthy', invalid: true });
    expect(result.message).toMatch(/^invalid dns check spec: querytype: /);
  });
});
