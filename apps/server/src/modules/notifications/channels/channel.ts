/**
 * A notification channel: delivers one message through one stored connection of its type. Channels are
 * registered one file per provider (registry.ts); each builds its provider's documented request from
 * the connection's fields, and every request goes through the egress guard. A channel rejects with an
 * Error saying what the provider answered — never the URL or a token.
 */
import type { EgressGuard } from '../../../platform/egress/egress-guard.js';
import type { ResolvedConnection } from '../../connections/index.js';

/** What is sent. `to` lists email addresses (the email channel only). */
export interface OutgoingMessage {
  title: string;
  body: string;
  to?: string[];
}

/** What a channel needs besides the connection and message. */
export interface ChannelContext {
  guard: EgressGuard;
  signal: AbortSignal;
  timeoutMs: number;
  /**
   * Maps a provider's public URL to the one to call. In production the URL itself; a test replaces
   * the provider's origin with a local server's (a named double of the provider's host).
   */
  endpoint(url: string): string;
}

/** Delivers a message; resolves when the provider accepted it. */
export type Channel = (connection: ResolvedConnection, message: OutgoingMessage, ctx: ChannelContext) => Promise<void>;

/** A connection property as text ('' when absent). */
export const prop = (connection: ResolvedConnection, key: string, fallback = ''): string => {
  const value = connection.properties[key];
  return value === undefined || value === null || value === '' ? fallback : String(value);
};

/** `https://host` of a connection's host field (`http://` when it says so or when TLS is turned off). */
export function origin(host: string, insecure = false): string {
  if (/^https?:\/\//i.test(host)) return host.replace(/\/+$/, '');
  return `${insecure ? 'http' : 'https'}://${host.replace(/\/+$/, '')}`;
}
