/**
 * Which checks and resources a window covers: the silences' rule, through the notifications module's
 * matcher (scopeMatcher) and its covered-resources walk. Matching a check costs queries, so the checks a
 * window covers are remembered for {@link COVER_CACHE_MS} per window version.
 */
import { coveredResources, type ScopedResource, scopeMatcher } from '../notifications/index.js';
import type { Sql, WindowRow } from './maintenance.repo.js';

/** How long a window's covered checks are reused (a scope's targets change rarely; windows are minutes long). */
const COVER_CACHE_MS = 60_000;
/** Most resources a targeted window's walk lists. */
const COVER_LIMIT = 20_000;

const cache = new Map<string, { at: number; covered: Map<string, boolean> }>();

function cacheOf(window: WindowRow, now: number): Map<string, boolean> {
  const key = `${window.id}:${new Date(window.updated_at).getTime()}`;
  const found = cache.get(key);
  if (found && now - found.at < COVER_CACHE_MS) return found.covered;
  if (cache.size > 1000) cache.clear();
  const fresh = { at: now, covered: new Map<string, boolean>() };
  cache.set(key, fresh);
  return fresh.covered;
}

const targeted = (window: WindowRow) =>
  Boolean(window.check_id || window.canary_id || window.component_id || window.config_id);

/** True when `window` covers `target` (a check, component or catalog item). */
export function windowCovers(db: Sql, window: WindowRow, target: ScopedResource): Promise<boolean> {
  return scopeMatcher(db, target)(window);
}

/**
 * The checks among `candidates` that `window` covers (with `candidates` null, every check a targeted
 * window reaches; a window with only a filter then covers none it was not asked about).
 */
export async function coveredChecks(
  db: Sql,
  window: WindowRow,
  candidates: readonly string[] | null,
): Promise<string[]> {
  let pool: readonly string[] = candidates ?? [];
  if (targeted(window)) {
    const reached = (await coveredResources(db, window, window.recursive, COVER_LIMIT))
      .filter((resource) => resource.kind === 'check')
      .map((resource) => resource.id);
    const asked = candidates ? new Set(candidates) : undefined;
    pool = asked ? reached.filter((id) => asked.has(id)) : reached;
    if (!window.filter) return [...new Set(pool)];
  }
  const memo = cacheOf(window, Date.now());
  const out: string[] = [];
  for (const id of new Set(pool)) {
    let hit = memo.get(id);
    if (hit === undefined) {
      hit = await windowCovers(db, window, { kind: 'check', id });
      memo.set(id, hit);
    }
    if (hit) out.push(id);
  }
  return out;
}
