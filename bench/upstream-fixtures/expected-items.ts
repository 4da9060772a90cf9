/**
 * config-db's own expectation of a scrape, where it has one: `fixtures/expected/<fixture>.json` lists
 * the results its tests compare with (id, type, class, name, config). Each listed result must be among
 * the scraped items with the same fields; the first difference is the reason given.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

interface ExpectedResult {
  id?: string;
  name?: string;
  config_type?: string;
  config_class?: string;
  config?: unknown;
}

interface Item {
  key: string;
  type: string;
  name: string;
  configClass: string;
  config: unknown;
}

/** JSON with sorted keys, so two objects compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function difference(expected: ExpectedResult, item: Item): string | null {
  const pairs: [string, unknown, unknown][] = [
    ['type', expected.config_type, item.type],
    ['class', expected.config_class, item.configClass],
    ['name', expected.name, item.name],
  ];
  for (const [field, want, got] of pairs) {
    if (want !== undefined && want !== got) return `${field} '${String(got)}', expected '${String(want)}'`;
  }
  if (expected.config !== undefined && canonical(expected.config) !== canonical(item.config)) {
    return `config ${canonical(item.config).slice(0, 120)}, expected ${canonical(expected.config).slice(0, 120)}`;
  }
  return null;
}

/** The first way `items` differ from the fixture's expected results; null when they match or none exist. */
export function expectedDifference(root: string, fixturePath: string, items: Item[]): string | null {
  const file = join(root, 'fixtures', 'expected', `${basename(fixturePath).replace(/\.ya?ml$/, '')}.json`);
  if (!existsSync(file)) return null;
  const expected = JSON.parse(readFileSync(file, 'utf8')) as ExpectedResult[];
  for (const want of expected) {
    const item = items.find((candidate) => candidate.key === want.id);
    if (!item) return `no item with id '${String(want.id)}' (expected/${basename(file)})`;
    const diff = difference(want, item);
    if (diff) return `item '${String(want.id)}': ${diff} (expected/${basename(file)})`;
  }
  return null;
}
