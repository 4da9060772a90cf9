/**
 * The resource selector's search text (001 §5: "queries like name=grafana type=Kubernetes::Deployment
 * or health=healthy,unhealthy") as data-API filters. Words without `=` search the name (contains);
 * `key=value` matches the column exactly, `a,b` any of the values, `*` is a wildcard (`name=web*`) and a
 * leading `!` excludes (`health=!healthy`). A key the kind does not have is a problem shown to the
 * user, never a filter silently dropped.
 */

/** The hint under a resource selector (upstream's words, which carry 001 §5's examples). */
export const RESOURCE_SEARCH_HINT =
  'Filter the list using queries e.g: name=grafana type=Kubernetes::Deployment or health=healthy,unhealthy';

/** A parsed search: the filters to send, by column (a column may carry several), or why it cannot be. */
export type ParsedResourceQuery = { filters: Record<string, string[]> } | { problem: string };

/** A PostgREST list value, quoted so commas and parentheses stay inside it. */
const quoted = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

function filterOf(key: string, raw: string): string | { problem: string } {
  const negate = raw.startsWith('!');
  const values = (negate ? raw.slice(1) : raw).split(',').filter(Boolean);
  if (values.length === 0) return { problem: `${key}= needs a value` };
  const not = negate ? 'not.' : '';
  if (values.length === 1) {
    const [value] = values as [string];
    return value.includes('*') ? `${not}ilike.${value}` : `${not}eq.${value}`;
  }
  if (values.some((value) => value.includes('*'))) return { problem: `${key}=: a wildcard takes one value` };
  return `${not}in.(${values.map(quoted).join(',')})`;
}

/** Parses `text` for a kind whose searchable columns are `keys` (`name` first). */
export function parseResourceQuery(text: string, keys: readonly string[]): ParsedResourceQuery {
  const filters: Record<string, string[]> = {};
  const words: string[] = [];
  for (const token of text.trim().split(/\s+/).filter(Boolean)) {
    const at = token.indexOf('=');
    if (at <= 0) {
      words.push(token);
      continue;
    }
    const key = token.slice(0, at).toLowerCase();
    if (!keys.includes(key)) return { problem: `${key}= is not a field here; use ${keys.join(', ')}` };
    const filter = filterOf(key, token.slice(at + 1));
    if (typeof filter !== 'string') return filter;
    filters[key] = [...(filters[key] ?? []), filter];
  }
  // `*` is the data API's wildcard: typed in plain words it is matched as any text
  const phrase = words.join(' ').replaceAll('*', ' ').trim();
  if (phrase) filters.name = [...(filters.name ?? []), `ilike.*${phrase}*`];
  return { filters };
}
