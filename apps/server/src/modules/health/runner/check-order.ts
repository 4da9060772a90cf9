/**
 * canary-checker's `dependsOn` between the checks of one canary: a check names checks (by name, across
 * all types) that run before it. The saved canary is refused when a name refers to no check, when names
 * are shared between types (a reference would be ambiguous) or when the references loop; a run puts
 * the checks in dependency order (Kahn's algorithm, stable in the canary's own order).
 */

/** What ordering needs of a check: its name and the names it depends on. */
export interface DependentCheck {
  name: string;
  dependsOn?: readonly string[] | undefined;
}

/** True when any check of the canary names a dependency (then the canary's checks run one at a time). */
export function hasDependencies(checks: readonly DependentCheck[]): boolean {
  return checks.some((check) => (check.dependsOn?.length ?? 0) > 0);
}

/**
 * The checks in an order where every check comes after those it depends on; checks with no
 * dependencies keep their relative order; a name that is no check of the list is no constraint. Null when
 * the references loop.
 */
export function dependencyOrder<T extends DependentCheck>(checks: readonly T[]): T[] | null {
  const names = new Set(checks.map((check) => check.name));
  const waiting = new Map(
    checks.map((check) => [check, new Set((check.dependsOn ?? []).filter((dep) => names.has(dep)))]),
  );
  const sorted: T[] = [];
  const done = new Set<string>();
  while (waiting.size > 0) {
    const ready = [...waiting].filter(([, deps]) => [...deps].every((dep) => done.has(dep)));
    if (ready.length === 0) return null;
    for (const [check] of ready) {
      sorted.push(check);
      done.add(check.name);
      waiting.delete(check);
    }
  }
  return sorted;
}

/** The names along one loop of references, first name repeated at the end (`a → b → a`). */
function findCycle(checks: readonly DependentCheck[]): string[] | null {
  const deps = new Map(checks.map((check) => [check.name, check.dependsOn ?? []]));
  const state = new Map<string, 'open' | 'closed'>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    if (state.get(name) === 'closed') return null;
    if (state.get(name) === 'open') return [...path.slice(path.indexOf(name)), name];
    state.set(name, 'open');
    path.push(name);
    for (const dep of deps.get(name) ?? []) {
      const cycle = deps.has(dep) ? visit(dep) : null;
      if (cycle) return cycle;
    }
    path.pop();
    state.set(name, 'closed');
    return null;
  };
  for (const check of checks) {
    const cycle = visit(check.name);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Why a canary's `dependsOn` references cannot run, as `spec.<type>: …` messages (none when they can):
 * an unknown name, a check depending on itself, a name two checks share, or a loop.
 */
export function dependencyProblems(checks: readonly (DependentCheck & { type: string })[]): string[] {
  if (!hasDependencies(checks)) return [];
  const problems: string[] = [];
  const types = new Map<string, string[]>();
  for (const check of checks) types.set(check.name, [...(types.get(check.name) ?? []), check.type]);
  for (const [name, of] of types) {
    if (of.length > 1) {
      problems.push(
        `spec.${of[1]}: check name '${name}' is used twice (${of.join(', ')}); dependsOn needs unique names`,
      );
    }
  }
  for (const check of checks) {
    for (const dep of check.dependsOn ?? []) {
      if (dep === check.name) problems.push(`spec.${check.type}: check '${check.name}' dependsOn itself`);
      else if (!types.has(dep)) {
        problems.push(`spec.${check.type}: check '${check.name}' dependsOn '${dep}', which is no check of this canary`);
      }
    }
  }
  if (problems.length > 0) return problems;
  const cycle = findCycle(checks);
  if (cycle) problems.push(`spec: dependsOn references loop: ${cycle.join(' → ')}`);
  return problems;
}
