/**
 * Reads the egress settings from the properties service for the guard: `health.egress.policy` and
 * `health.egress.allow_list`, a missing property meaning its default. Answers are kept for a few
 * seconds so thousands of checks a minute do not each query the properties table; a change applies
 * within that time.
 */
import { EGRESS_ALLOW_LIST_PROPERTY, EGRESS_POLICY_PROPERTY } from '@mc/contracts';
import { AppError } from '../errors.js';
import type { EgressPolicyGetter, EgressPolicySettings } from './egress-policy.js';

/** How long a read of the properties is reused. */
export const EGRESS_SETTINGS_TTL_MS = 5000;

/** Anything with the properties service's `get(name)`, which throws `not_found` for a missing property. */
export interface PropertySource {
  get(name: string): Promise<{ value: string }>;
}

async function read(source: PropertySource, name: string): Promise<string | null> {
  try {
    return (await source.get(name)).value;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/** A policy getter over the properties service, cached for `ttlMs`. */
export function egressSettingsFrom(source: PropertySource, ttlMs = EGRESS_SETTINGS_TTL_MS): EgressPolicyGetter {
  let cached: { at: number; settings: Promise<EgressPolicySettings> } | undefined;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at >= ttlMs) {
      const settings = Promise.all([
        read(source, EGRESS_POLICY_PROPERTY),
        read(source, EGRESS_ALLOW_LIST_PROPERTY),
      ]).then(([policy, allowList]) => ({ policy, allowList }));
      // A failed read is not kept: the next check asks again.
      settings.catch(() => {
        cached = undefined;
      });
      cached = { at: now, settings };
    }
    return cached.settings;
  };
}
