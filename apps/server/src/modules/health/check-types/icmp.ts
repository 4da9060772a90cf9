/**
 * ICMP check through the system's `ping` (iputils). Where no ping command is installed the check is
 * reported unhealthy as unsupported — never simulated. Sends `packetCount` echo requests (default 3)
 * to the checked address; fails on packet loss above `packetLossThreshold` percent (default 0, as in
 * canary-checker) or an average round trip above `thresholdMillis`. Expression variables: transmitted,
 * received, packetLoss, rttMin, rttAvg, rttMax, address.
 */
import { execFile } from 'node:child_process';
import { type IcmpCheckSpec, icmpCheckSchema } from '@mc/contracts';
import {
  type CheckContext,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';
import { findExecutable, SYSTEM_PATH } from './executables.js';
import { guardTarget } from './guard-target.js';

const DEFAULT_PACKETS = 3;

/** Finds the ping executable; null when absent. */
export function findPing(): Promise<string | null> {
  return findExecutable('ping');
}

/** Parsed ping summary. */
export interface PingStats {
  transmitted: number;
  received: number;
  packetLoss: number;
  rttMin?: number;
  rttAvg?: number;
  rttMax?: number;
}

/** Reads iputils' closing lines ("3 packets transmitted, 3 received, 0% packet loss", "rtt min/avg/max/mdev = …"). */
export function parsePingOutput(output: string): PingStats | null {
  const counts = /(\d+) packets transmitted, (\d+) (?:packets )?received/.exec(output);
  if (!counts) return null;
  const loss = /([\d.]+)% packet loss/.exec(output);
  const rtt = /= ([\d.]+)\/([\d.]+)\/([\d.]+)/.exec(output);
  const stats: PingStats = {
    transmitted: Number(counts[1]),
    received: Number(counts[2]),
    packetLoss: loss ? Number(loss[1]) : 100,
  };
  if (rtt) {
    stats.rttMin = Number(rtt[1]);
    stats.rttAvg = Number(rtt[2]);
    stats.rttMax = Number(rtt[3]);
  }
  return stats;
}

function ping(binary: string, args: string[], signal: AbortSignal): Promise<{ output: string; code: number }> {
  return new Promise((resolve) => {
    execFile(
      binary,
      args,
      { signal, env: { PATH: SYSTEM_PATH, LANG: 'C' }, timeout: 0, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? -1 : 0;
        resolve({ output: `${stdout}\n${stderr}`, code });
      },
    );
  });
}

/**
 * The host an endpoint names: as canary-checker, a URL's host name (`https://github.com` pings
 * github.com), else the endpoint itself (a name or an address, IPv6 in brackets or not).
 */
export function icmpHost(endpoint: string): string {
  let host = endpoint;
  try {
    host = new URL(endpoint).hostname || endpoint;
  } catch {
    // not a URL: a host name or an address
  }
  return host.replace(/^\[(.*)\]$/, '$1');
}

async function run(spec: IcmpCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  // The egress policy answers first: a refused target is refused by its rule wherever ping is missing.
  const host = icmpHost(spec.endpoint);
  const target = await guardTarget(host, ctx);
  const binary = await findPing();
  if (!binary) {
    return unhealthy('icmp checks are not supported on this server: no ping command is installed', {
      supported: false,
    });
  }
  const count = spec.packetCount ?? DEFAULT_PACKETS;
  const waitSeconds = Math.max(1, Math.floor(ctx.timeoutMs / 1000 / (count + 1)));
  const args = ['-n', '-c', String(count), '-i', '0.2', '-W', String(waitSeconds), target.address];
  if (target.family === 6) args.unshift('-6');
  const { output, code } = await ping(binary, args, ctx.signal);
  ctx.signal.throwIfAborted();
  const stats = parsePingOutput(output);
  if (!stats) {
    const reason = output.trim().split('\n').pop() ?? `exit code ${code}`;
    return unhealthy(`ping ${host} failed: ${reason}`, { address: target.address }, output.trim());
  }
  return judgePing(host, target.address, stats, spec);
}

/**
 * The result of a ping summary against the spec's limits: no reply, packet loss above
 * `packetLossThreshold` (default 0) or an average round trip above `thresholdMillis` fail.
 * Separate from the run so the limits are shown on summaries a loopback ping never produces.
 */
export function judgePing(
  host: string,
  address: string,
  stats: PingStats,
  spec: Pick<IcmpCheckSpec, 'packetLossThreshold' | 'thresholdMillis'>,
): CheckRunOutput {
  const details = { address, ...stats };
  if (stats.received === 0) return unhealthy(`no reply from ${host} (${stats.transmitted} packets sent)`, details);
  const lossLimit = spec.packetLossThreshold ?? 0;
  if (stats.packetLoss > lossLimit) {
    return unhealthy(`packet loss ${stats.packetLoss}% > ${lossLimit}%`, details);
  }
  if (spec.thresholdMillis && (stats.rttAvg ?? 0) > spec.thresholdMillis) {
    return unhealthy(`threshold exceeded: average ${stats.rttAvg} ms > ${spec.thresholdMillis} ms`, details);
  }
  return {
    ...healthy(`${stats.received}/${stats.transmitted} replies, average ${stats.rttAvg ?? 0} ms`, details),
    duration: Math.round(stats.rttAvg ?? 0),
  };
}

/** The icmp check type. */
export const icmpCheckType: CheckTypeDefinition<IcmpCheckSpec> = { type: 'icmp', schema: icmpCheckSchema, run };
