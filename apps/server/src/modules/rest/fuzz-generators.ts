/** A small, fast, seeded PRNG (mulberry32), so every fuzz run sends the same requests. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random choices drawn from one PRNG. */
export class Gen {
  constructor(readonly rand: () => number) {}

  int(max: number): number {
    return Math.floor(this.rand() * max);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  chance(p: number): boolean {
    return this.rand() < p;
  }

  /** A string of printable ASCII, PostgREST punctuation and (unless `ascii`) a little unicode. */
  junk(maxLength = 12, ascii = false): string {
    const alphabet = ascii
      ? 'abcxyz019_-.,:;()!*"\'{}[]<>=&%+ /?#@$~^|`'
      : 'abcxyz019_-.,:;()!*"\'\\{}[]<>=&%+ /?#@$~^|`\u00e9\u4e2d\u{1f600}\u0000\n';
    let out = '';
    const n = this.int(maxLength + 1);
    for (let i = 0; i < n; i++) out += this.pick([...alphabet]);
    return out;
  }
}

/** SQL-injection probes: values and identifiers that must stay data. */
export const INJECTIONS: readonly string[] = [
  "'; DROP TABLE checks; --",
  "x' OR '1'='1",
  '1) or 1=1 --',
  '1); DELETE FROM canaries; --',
  "name'); UPDATE people SET name='pwned'; --",
  '" OR 1=1 --',
  '/* comment */ 1',
  '$$; DROP TABLE people; $$',
  "\\'; TRUNCATE audit_log; --",
  '\u0000',
  '\u2019 OR \u20181\u2019=\u20181',
  'x"); SELECT pg_sleep(1); --',
  '1; COMMIT; DROP TABLE checks',
  "E'\\x27'",
];

/** Identifier-shaped probes for select, order and filter column positions. */
export const IDENT_INJECTIONS: readonly string[] = [
  'name"; DROP TABLE checks; --',
  '"name""), (SELECT 1"',
  'name) FROM people; --',
  'id,(select password from connections)',
  'pg_sleep(1)',
  'name::text; drop table x',
  'checks.name',
  "labels->>'a'); drop table x; --",
];
