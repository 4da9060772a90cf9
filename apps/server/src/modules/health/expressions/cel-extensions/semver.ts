/**
 * Semantic versions for `SemverCompare(constraint, version)` and `Semver(version)`, as gomplate's
 * (Masterminds semver): constraints joined by `,` or spaces (and) and `||` (or), with `=`, `!=`, `>`, `<`,
 * `>=`, `<=`, `~` (same minor), `^` (same major) and `x`/`*` wildcards; a leading `v` is accepted.
 */
import { CelFunctionError } from './cel-values.js';

const VERSION = /^v?(\d+)(?:\.(\d+|x|X|\*))?(?:\.(\d+|x|X|\*))?(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/;
const MAX_CONSTRAINT = 256;

interface Version {
  parts: [number, number, number];
  wild: number;
  prerelease: string;
  metadata: string;
}

function parse(text: string): Version {
  const match = VERSION.exec(text.trim());
  if (!match) throw new CelFunctionError(`invalid semantic version ${JSON.stringify(text.slice(0, 64))}`);
  const raw = [match[1], match[2], match[3]];
  const wildAt = raw.findIndex((part) => part === undefined || /^[xX*]$/.test(part));
  const parts = raw.map((part) => (part && /^\d+$/.test(part) ? Number(part) : 0)) as [number, number, number];
  return { parts, wild: wildAt < 0 ? 3 : wildAt, prerelease: match[4] ?? '', metadata: match[5] ?? '' };
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) {
    const diff = (a.parts[i] ?? 0) - (b.parts[i] ?? 0);
    if (diff) return Math.sign(diff);
  }
  if (a.prerelease === b.prerelease) return 0;
  if (!a.prerelease) return 1;
  if (!b.prerelease) return -1;
  return a.prerelease < b.prerelease ? -1 : 1;
}

function bumped(v: Version, index: number): Version {
  const parts: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < index; i += 1) parts[i] = v.parts[i] ?? 0;
  parts[index] = (v.parts[index] ?? 0) + 1;
  return { parts, wild: 3, prerelease: '', metadata: '' };
}

function satisfies(op: string, want: Version, have: Version): boolean {
  const c = compare(have, want);
  const upper = (index: number) => compare(have, bumped(want, index)) < 0;
  switch (op) {
    case '':
    case '=':
      return want.wild < 3 ? c >= 0 && upper(Math.max(0, want.wild - 1)) : c === 0;
    case '!=':
      return c !== 0;
    case '>':
      return want.wild < 3 ? compare(have, bumped(want, Math.max(0, want.wild - 1))) >= 0 : c > 0;
    case '<':
      return c < 0;
    case '>=':
      return c >= 0;
    case '<=':
      return want.wild < 3 ? upper(Math.max(0, want.wild - 1)) : c <= 0;
    case '~':
    case '~>':
      return c >= 0 && upper(want.wild <= 1 ? 0 : 1);
    case '^':
      return c >= 0 && upper(want.parts[0] > 0 || want.wild <= 1 ? 0 : want.parts[1] > 0 || want.wild === 2 ? 1 : 2);
    default:
      throw new CelFunctionError(`invalid constraint operator ${op}`);
  }
}

/** True when `version` satisfies `constraint` (gomplate's SemverCompare argument order). */
export function semverCompare(constraint: string, version: string): boolean {
  if (constraint.length > MAX_CONSTRAINT) throw new CelFunctionError('SemverCompare: constraint too long');
  const have = parse(version);
  return constraint.split('||').some((group) =>
    group
      .trim()
      .split(/\s*,\s*|\s+(?=[<>=!~^v\d])/)
      .filter(Boolean)
      .every((term) => {
        const match = /^(!=|>=|<=|~>|[=<>~^]?)\s*(.+)$/.exec(term.trim());
        if (!match?.[2]) throw new CelFunctionError(`invalid constraint ${JSON.stringify(term)}`);
        return satisfies(match[1] ?? '', parse(match[2]), have);
      }),
  );
}

/** A version's parts as gomplate's Semver map: major, minor, patch, prerelease, metadata, original. */
export function semverParts(version: string): Record<string, unknown> {
  const v = parse(version);
  return {
    major: BigInt(v.parts[0]),
    minor: BigInt(v.parts[1]),
    patch: BigInt(v.parts[2]),
    prerelease: v.prerelease,
    metadata: v.metadata,
    original: version,
  };
}
