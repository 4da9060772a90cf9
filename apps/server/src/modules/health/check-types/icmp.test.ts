import { describe, expect, it } from 'vitest';
import { findPing, parsePingOutput } from './icmp.js';
import { runCheck } from './registry.js';
import { guardFor } from './testing/targets.js';

const ping = await findPing();
if (!ping) console.warn('no ping command is installed here; the icmp check tests against 127.0.0.1 are skipped');

describe('icmp check output parsing', () => {
  it('reads iputils summary lines', () => {
    const output = [
      '3 packets transmitted, 2 received, 33.3333% packet loss, time 402ms',
      'rtt min/avg/max/mdev = 0.091/0.175/0.260/0.084 ms',
    ].join('\n');
    expect(parsePingOutput(output)).toEqual({
      transmitted: 3,
      received: 2,
      packetLoss: 33.3333,
      rttMin: 0.091,
      rttAvg: 0.175,
      rttMax: 0.26,
    });
    expect(parsePingOutput('ping: unknown host')).toBeNull();
  });
});

describe.skipIf(!ping)('icmp check through the system ping', () => {
  it('gets replies from 127.0.0.1', async () => {
    const result = await runCheck('icmp', { name: 'p', endpoint: '127.0.0.1', packetCount: 2 }, { egress: guardFor() });
    expect(result.status).toBe('healthy');
    expect(result.message).toMatch(/^2\/2 replies, average [\d.]+ ms$/);
  });

  it('reports no reply from an address nobody answers', async () => {
    const result = await runCheck(
      'icmp',
      { name: 'p', endpoint: '10.255.255.1', packetCount: 1 },
      { egress: guardFor(), timeoutMs: 4000 },
    );
    expect(result.status).toBe('unhealthy');
    expect(result.message).toMatch(/^no reply from 10\.255\.255\.1 \(1 packets sent\)$|^ping 10\.255\.255\.1 failed: /);
  });
});
