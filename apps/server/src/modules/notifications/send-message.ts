/**
 * The notifications module's public way to send one message now through a stored notification-channel
 * connection (slack, email, generic webhook… — the channel registry's 16 types), outside the rule
 * pipeline: the playbooks' notification action calls it. The connection is decrypted by the
 * connections service and the channel's request goes through the egress guard, as for rules.
 */
import type { Database } from '@mc/db';
import type { Config } from '../../platform/config.js';
import { withDeadline } from '../../platform/deadline.js';
import { egressGuardFor } from '../../platform/egress/egress-guard-for.js';
import { AppError } from '../../platform/errors.js';
import type { ResolvedConnection } from '../connections/index.js';
import type { OutgoingMessage } from './channels/channel.js';
import { CHANNELS, channelFor } from './channels/registry.js';
import { CHANNEL_TIMEOUT_MS, providerEndpoint } from './deliver.js';

/** The connection types that can carry a message. */
export const NOTIFICATION_CONNECTION_TYPES: readonly string[] = Object.keys(CHANNELS);

/**
 * Sends `message` through `connection` (already resolved); rejects with the channel's error (never the
 * URL or a token) when the provider refuses it or does not answer within the channel timeout.
 */
export async function sendThroughConnection(
  deps: { database: Database; config: Config },
  connection: ResolvedConnection,
  message: OutgoingMessage,
  signal: AbortSignal,
): Promise<void> {
  const channel = channelFor(connection.type);
  if (!channel) throw new AppError('bad_request', `Connection type ${connection.type} cannot send notifications`);
  await withDeadline(CHANNEL_TIMEOUT_MS * 2, signal, (limit) =>
    channel(connection, message, {
      guard: egressGuardFor(deps.database),
      signal: limit.signal,
      timeoutMs: CHANNEL_TIMEOUT_MS,
      endpoint: providerEndpoint(deps.database),
    }),
  );
}
