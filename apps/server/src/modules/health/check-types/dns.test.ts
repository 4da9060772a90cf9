import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './registry.js';
import { type DnsResponder, startDnsResponder } from './testing/dns-responder.js';
import { guardFor } from './testing/targets.js';

let responder: DnsResponder;
const egress = guardFor();

beforeAll(async () => {
  responder = await startDnsResponder(
    {
      'app.test': { A: ['10.1.2.3', '10.1.2.4'], AAAA: ['fd00::1'], MX: [{ exchange: 'mail.app.test', priority: 10 }] },
      'www.app.test': { CNAME: ['app.test'] },
      'txt.app.test': { TXT: [['v=spf1 ', '-all'], ['hello']] },
      '_sip._tcp.app.test': { SRV: [{ priority: 10, weight: 5, port: 5060, target: 'sip.app.test' }] },
      'empty.app.test': {},
    },
    ['silent.app.test'],
  );
});

afterAll(() => responder.close());

const dns = (spec: Record<string, unknown>, timeoutMs = 5000) =>
  runCheck('dns', { name: 'd', server: '127.0.0.1', port: responder.port, ...spec }, { egress, timeoutMs });

describe('dns check against a local DNS responder', () => {
  it('answers A records and matches exactreply in any order', async () => {
    const result = await dns({ query: 'app.test', querytype: 'A', exactreply: ['10.1.2.4', '10.1.2.3'] });
    expect(result.status).toBe('healthy');
    expect(result.message).toBe('got [10.1.2.3, 10.1.2.4]');
  });

  it('answers AAAA, CNAME, MX, TXT and SRV in canary-checker form', async () => {
    expect((await dns({ query: 'app.test', querytype: 'AAAA', exactreply: ['fd00::1'] })).status).toBe('healthy');
    expect((await dns({ query: 'www.app.test', querytype: 'CNAME', exactreply: ['app.test'] })).status).toBe('healthy');
    expect((await dns({ query: 'app.test', querytype: 'MX', exactreply: ['mail.app.test 10'] })).status).toBe(
      'healthy',
    );
    const txt = await dns({ query: 'txt.app.test', querytype: 'txt', exactreply: ['v=spf1 -all', 'hello'] });
    expect(txt.status).toBe('healthy');
    const srv = await dns({ query: '_sip._tcp.app.test', querytype: 'SRV', exactreply: ['10 5 5060 sip.app.test'] });
    expect(srv.status).toBe('healthy');
  });

  it('fails on a wrong answer and on too few records, naming the query', async () => {
    const wrong = await dns({ query: 'app.test', exactreply: ['10.9.9.9'] });
    expect(wrong.message).toBe(
      `A app.test on 127.0.0.1:${responder.port}: got [10.1.2.3, 10.1.2.4], expected [10.9.9.9]`,
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

  it('rejects an unknown query type as an invalid spec', async () => {
    const result = await dns({ query: 'app.test', querytype: 'HINFO' });
    expect(result).toMatchObject({ status: 'unhealthy', invalid: true });
    expect(result.message).toMatch(/^invalid dns check spec: querytype: /);
  });
});
