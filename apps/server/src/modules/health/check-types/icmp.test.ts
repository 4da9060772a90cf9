import { describe, expect, it } from 'vitest';
import { findPing, icmpHost, judgePing, parsePingOutput } from './icmp.js';
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

describe('icmp endpoint', () => {
  it('pings the host of a URL endpoint, as canary-checker (https://github.com pings github.com)', () => {
    expect(icmpHost('https://github.com')).toBe('github.com');
    expect(icmpHost('http://[::1]:8080/x')).toBe('::1');
    expect(icmpHost('api.github.com')).toBe('api.github.com');
    expect(icmpHost('10.0.0.1')).toBe('10.0.0.1');
    expect(icmpHost('[::1]')).toBe('::1');
  });
});

describe('icmp limits on a ping summary', () => {
  const lossy = parsePingOutput(
    [
      '4 packets transmitted, 3 received, 25% packet loss, time 603ms',
      'rtt min/avg/max/mdev = 40.1/85.5/120.9/30.2 ms',
    ].join('\n'),
  );
  if (!lossy) throw new Error('summary not parsed');

  it('fails packet loss above packetLossThreshold (default 0) and passes it at or below', () => {
    expect(judgePing('h', '10.0.0.1', lossy, {}).message).toBe('packet loss 25% > 0%');
    expect(judgePing('h', '10.0.0.1', lossy, { packetLossThreshold: 20 }).message).toBe('packet loss 25% > 20%');
    expect(judgePing('h', '10.0.0.1', lossy, { packetLossThreshold: 25 }).status).toBe('healthy');
  });

  it('fails an average round trip above thresholdMillis', () => {
    const result = judgePing('h', '10.0.0.1', lossy, { packetLossThreshold: 50, thresholdMillis: 80 });
    expect(result).toMatchObject({ status: 'unhealthy', message: 'threshold exceeded: average 85.5 ms > 80 ms' });
    expect(judgePing('h', '10.0.0.1', lossy, { packetLossThreshold: 50, thresholdMillis: 90 }).status).toBe('healthy');
  });
});

describe.skipIf(!ping)('icmp check through the system ping', () => {
  it('gets replies from 127.0.0.1', async () => {
    const result = await runCheck('icmp', { name: 'p', endpoint: '127.0.0.1', packetCount: 2 }, { egress: guardFor() });
    expect(result.status).toBe('healthy');
    expect(result.message).toMatch(/^2\/2 replies, average [\d.]+ ms$/);
  });

  it('pings the host of a URL endpoint', async () => {
    const spec = { name: 'p', endpoint: 'http://127.0.0.1/', packetCount: 1 };
    expect((await runCheck('icmp', spec, { egress: guardFor() })).status).toBe('healthy');
  });

  it('passes 127.0.0.1 within thresholdMillis and packetLossThreshold', async () => {
    const spec = { name: 'p', endpoint: '127.0.0.1', packetCount: 2, thresholdMillis: 1000, packetLossThreshold: 0 };
    expect((await runCheck('icmp', spec, { egress: guardFor() })).status).toBe('healthy');
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
