/**
 * TCP check: connects to `endpoint` (host:port) at the address the egress guard checked, and reports
 * how long the connection took. Fails on refusal, unreachable host, timeout or `thresholdMillis`.
 * Expression variables: host, port, address, connectMs.
 */
import { createConnection } from 'node:net';
import { type TcpCheckSpec, tcpCheckSchema } from '@mc/contracts';
import {
  type CheckContext,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';
import { parseHostPort } from './endpoint.js';
import { guardTarget } from './guard-target.js';
import { describeNetworkError, errorText } from './network-errors.js';

/** Opens a TCP connection to the address and closes it; resolves with the connect time in ms. */
export function connectOnce(address: string, port: number, signal: AbortSignal): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: address, port, signal });
    socket.once('connect', () => {
      socket.destroy();
      resolve(Math.round(performance.now() - started));
    });
    socket.once('error', reject);
  });
}

async function run(spec: TcpCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const { host, port } = parseHostPort(spec.endpoint);
  const { address } = await guardTarget(host, ctx);
  const details = { host, port, address };
  let connectMs: number;
  try {
    connectMs = await connectOnce(address, port, ctx.signal);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return unhealthy(describeNetworkError(error, `${host}:${port}`), details, errorText(error));
  }
  const withTime = { ...details, connectMs };
  if (spec.thresholdMillis && connectMs > spec.thresholdMillis) {
    return {
      ...unhealthy(`threshold exceeded: ${connectMs} ms > ${spec.thresholdMillis} ms`, withTime),
      duration: connectMs,
    };
  }
  return { ...healthy(`connected to ${host}:${port} in ${connectMs} ms`, withTime), duration: connectMs };
}

/** The tcp check type. */
export const tcpCheckType: CheckTypeDefinition<TcpCheckSpec> = { type: 'tcp', schema: tcpCheckSchema, run };
