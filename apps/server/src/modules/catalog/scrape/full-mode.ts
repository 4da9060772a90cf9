/**
 * config-db's full mode (`spec.full: true`): a scraped document may carry, beside the item, what
 * happened to it. Its `config` member becomes the stored document; each entry of `changes` becomes a
 * change row (config-db's ChangeResult fields: `change_type` (required: a change without one is skipped
 * with a warning), `external_change_id`, `summary`, `severity`, `source`, `created_by`, `created_at`,
 * `details`, `diff`, `patches`; `external_id`/`config_type` name another item, else the carrying one).
 * A change for which one of the entry's `transform.changes.exclude` CEL expressions (over the change's
 * fields — `change_type`, `summary`, `severity`, `source`, `external_id`, `config_type`, `details`… —
 * and `config`, the carrying document) is true is dropped, as config-db does; an expression that fails
 * is a warning and keeps the change. A document with changes and no `config` is no item of its own — its changes go to the item its id and
 * type name (config-db clears such a result's id). Access entries (`config_access`/`access`,
 * `access_logs`/`logs`, `external_users`/`users`, `external_groups`/`groups`, `external_user_groups`/
 * `user_groups`, `external_roles`/`roles`) are read into the item's `access` (access/access-entries.ts)
 * and saved with the scrape (access/save-access.ts). `analysis` is not kept by this server: it is
 * reported as a warning of the run, never silently dropped.
 */
import { evaluateExpression } from '../../health/index.js';
import { accessOf } from '../access/access-entries.js';
import type { ItemRef, ScrapedChange, ScrapedItem } from '../kinds/scraper-kind.js';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

function timeOf(value: unknown): string | null {
  const raw = text(value);
  if (!raw) return null;
  const time = new Date(raw);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

function changeOf(raw: Record<string, unknown>, carrier: ItemRef): ScrapedChange {
  return {
    target: { type: text(raw.config_type) ?? carrier.type, key: text(raw.external_id) ?? carrier.key },
    externalChangeId: text(raw.external_change_id),
    changeType: text(raw.change_type) ?? '',
    severity: text(raw.severity),
    summary: text(raw.summary),
    source: text(raw.source),
    createdBy: text(raw.created_by),
    createdAt: timeOf(raw.created_at),
    details: raw.details ?? null,
    diff: text(raw.diff),
    patches: raw.patches ?? null,
  };
}

function excluded(
  raw: Record<string, unknown>,
  document: unknown,
  exclusions: readonly string[],
  warnings: string[],
): boolean {
  for (const expression of exclusions) {
    try {
      if (evaluateExpression(expression, { ...raw, config: document }) === true) return true;
    } catch (error) {
      warnings.push(`change exclusion ${expression}: ${(error as Error).message}`);
    }
  }
  return false;
}

/**
 * The changes a document lists, less the excluded ones. One without a change type is skipped into
 * `skipped`, as config-db skips it with a warning (its scrape does not fail; it derives no type).
 */
function changesOf(
  document: Record<string, unknown>,
  item: ScrapedItem,
  exclusions: readonly string[],
  warnings: string[],
  skipped: string[],
): ScrapedChange[] {
  const listed = document.changes;
  if (listed === undefined || listed === null) return [];
  if (!Array.isArray(listed)) {
    warnings.push(`${item.type}/${item.key}: changes must be a list`);
    return [];
  }
  const out: ScrapedChange[] = [];
  for (const raw of listed) {
    if (typeof raw !== 'object' || raw === null) continue;
    const fields = raw as Record<string, unknown>;
    const change = changeOf(fields, { type: item.type, key: item.key });
    if (
      excluded(
        { ...fields, external_id: change.target.key, config_type: change.target.type },
        document.config ?? document,
        exclusions,
        warnings,
      )
    )
      continue;
    if (!change.changeType) skipped.push(`${item.type}/${item.key}: change missing change_type, skipped`);
    else out.push(change);
  }
  return out;
}

function hasEntries(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;
}

/**
 * Applies full mode to each item in place: its document becomes its `config` member and its changes and
 * access entries are attached; an item with either and no `config` is marked changes-only. Answers the run's warnings.
 */
export function extractFullMode(
  items: ScrapedItem[],
  exclusions: readonly string[] = [],
  skipped: string[] = [],
): string[] {
  const warnings: string[] = [];
  for (const item of items) {
    const document = item.config;
    if (typeof document !== 'object' || document === null || Array.isArray(document)) continue;
    const members = document as Record<string, unknown>;
    const changes = changesOf(members, item, exclusions, warnings, skipped);
    if (changes.length > 0) item.changes = [...(item.changes ?? []), ...changes];
    const access = accessOf(members, `${item.type}/${item.key}`, skipped); // dropped as config-db drops them
    if (access) item.access = access;
    let entities = changes.length > 0 || access !== null;
    if (hasEntries(members.analysis)) {
      entities = true;
      warnings.push(
        `${item.type}/${item.key}: analysis is not kept by this server (full mode keeps config, changes and access)`,
      );
    }
    if ('config' in members) item.config = members.config;
    else if (entities) item.changesOnly = true;
  }
  return warnings;
}
