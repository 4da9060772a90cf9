/**
 * The variables a CEL filter can read, and only those: health's `evaluateExpression` converts every
 * variable it is given on every call, and a rule's or a silence's filter is evaluated once per rule per
 * event — 100 rules meant converting the event's whole environment (the check, its canary, its latest
 * result, the event and the resource row again) 100 times per event (issue 32 item 5). A top-level
 * variable can only be named by an identifier in the expression's text, so passing the environment's
 * entries whose names occur there as identifiers gives the same result and the same errors.
 */

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;
const CACHE_LIMIT = 2_000;
const identifiers = new Map<string, readonly string[]>();

function identifiersOf(expression: string): readonly string[] {
  let names = identifiers.get(expression);
  if (!names) {
    names = [...new Set(expression.match(IDENTIFIER) ?? [])];
    if (identifiers.size >= CACHE_LIMIT) identifiers.clear();
    identifiers.set(expression, names);
  }
  return names;
}

/** The entries of `env` that `expression` may read (those named by an identifier in its text). */
export function variablesFor(expression: string, env: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of identifiersOf(expression)) if (Object.hasOwn(env, name)) out[name] = env[name];
  return out;
}
