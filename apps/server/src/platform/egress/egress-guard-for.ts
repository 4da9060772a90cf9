/**
 * The one egress guard of a database, shared by every outbound call the server makes: health checks,
 * connection tests, and what later areas add (notification channels, playbook HTTP actions, log
 * backends). It reads the policy properties (`health.egress.policy`, `health.egress.allow_list`) through
 * {@link egressSettingsFrom}, so a change made by an administrator applies to all of them within
 * {@link EGRESS_SETTINGS_TTL_MS}.
 */

import type { Database } from '@mc/db';
import { AppError } from '../errors.js';
import { createEgressGuard, type EgressGuard } from './egress-guard.js';
import { EGRESS_SETTINGS_TTL_MS, egressSettingsFrom, type PropertySource } from './egress-settings.js';

const guards = new WeakMap<Database, EgressGuard>();

/** Reads one live property straight from the table (the properties module writes it). */
function propertySource(database: Database): PropertySource {
  return {
    async get(name) {
      const row = await database.db
        .selectFrom('properties')
        .select('value')
        .where('name', '=', name)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', `Property '${name}' not found`);
      // The properties table's value column is text.
      return { value: String(row.value) };
    },
  };
}

/** The guard of `database`, built on first use; every module asks here rather than building its own. */
export function egressGuardFor(database: Database): EgressGuard {
  let guard = guards.get(database);
  if (!guard) {
    guard = createEgressGuard({ getPolicy: egressSettingsFrom(propertySource(database), EGRESS_SETTINGS_TTL_MS) });
    guards.set(database, guard);
  }
  return guard;
}
