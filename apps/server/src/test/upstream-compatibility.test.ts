import { existsSync, readFileSync } from 'node:fs';
import {
  CANARY_FIELDS,
  CHECK_TYPES,
  SCRAPE_CONFIG_FIELDS,
  TOPOLOGY_FIELDS,
  type UpstreamFieldRegistry,
} from '@mc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCRAPER_KINDS, validateScrapeConfig } from '../modules/catalog/testing/scrape-config-validator.js';
import { validateCanary } from '../modules/health/testing/canary-validator.js';
import { parseTopologySpec } from '../modules/topology/testing/topology-validator.js';
import { COMPATIBILITY_DOC, renderCompatibilityDoc } from './docs-upstream-compatibility.js';
import {
  type FormatWalk,
  minimalCheck,
  minimalScraper,
  readFacts,
  upstreamCompatibility,
} from './upstream-compatibility.js';

/**
 * Rule zero, walked field by field: every field canary-checker and config-db define for a Canary, a
 * ScrapeConfig or a Topology is honoured here (the registry names a test that mentions it), refused at
 * save (the validator names it) or pending (registered, being implemented). A new upstream field, or a
 * field a schema starts accepting without a registry entry, fails here by name.
 */
const ROOT = new URL('../../../../', import.meta.url);
const REGISTRIES: Record<string, UpstreamFieldRegistry> = {
  canary: CANARY_FIELDS,
  'scrape-config': SCRAPE_CONFIG_FIELDS,
  topology: TOPOLOGY_FIELDS,
};

let walks: FormatWalk[];
beforeAll(() => {
  walks = upstreamCompatibility();
});

/** Every field path a format's facts name, as registry keys. */
function factKeys(format: string): Set<string> {
  const facts = readFacts(format);
  const prefixed = (prefix: string, paths: readonly string[]) => paths.map((path) => `${prefix}.${path}`);
  return new Set([
    ...prefixed('spec', facts.spec),
    ...Object.entries(facts.lists).flatMap(([list, paths]) => prefixed(list, paths)),
    ...Object.entries(facts.shared).flatMap(([type, paths]) => prefixed(type, paths)),
  ]);
}

describe('upstream field walk', () => {
  it('starts from valid minimal documents', () => {
    for (const type of CHECK_TYPES) {
      const document = {
        apiVersion: 'canaries.flanksource.com/v1',
        kind: 'Canary',
        metadata: { name: 'walk' },
        spec: { [type]: [minimalCheck(type)] },
      };
      expect(validateCanary(document), type).toMatchObject({ ok: true });
    }
    for (const kind of Object.keys(SCRAPER_KINDS).filter((name) => name !== 'system')) {
      const document = {
        apiVersion: 'configs.flanksource.com/v1',
        kind: 'ScrapeConfig',
        metadata: { name: 'walk' },
        spec: { [kind]: [minimalScraper(kind)] },
      };
      expect(validateScrapeConfig(document), kind).toMatchObject({ ok: true });
    }
    expect(() => parseTopologySpec({})).not.toThrow();
  });

  it.each(['canary', 'scrape-config', 'topology'])('accounts for every %s field', (format) => {
    const walk = walks.find((each) => each.format === format);
    const unaccounted = walk?.rows.filter((row) => row.fate === 'unaccounted') ?? [];
    expect(
      unaccounted.map((row) => `${row.field}${row.note ? ` (${row.note})` : ''}`),
      'accepted but neither honoured (registry + test) nor pending: refuse it at save or register it in packages/contracts/src/upstream/',
    ).toEqual([]);
  });

  it.each(Object.keys(REGISTRIES))('names an existing test that mentions each honoured %s field', (format) => {
    const problems: string[] = [];
    for (const [field, file] of Object.entries(REGISTRIES[format]?.honoured ?? {})) {
      const path = new URL(file, ROOT);
      const last = field.split('.').at(-1) ?? field;
      if (!existsSync(path)) problems.push(`${field}: ${file} does not exist`);
      else if (!readFileSync(path, 'utf8').includes(last)) problems.push(`${field}: ${file} never mentions ${last}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(Object.keys(REGISTRIES))('registers only upstream %s fields', (format) => {
    const known = factKeys(format);
    const registry = REGISTRIES[format];
    const stray = [...Object.keys(registry?.honoured ?? {}), ...Object.keys(registry?.pending ?? {})].filter(
      (field) => !known.has(field),
    );
    expect(stray).toEqual([]);
  });

  it(`keeps ${COMPATIBILITY_DOC} up to date`, () => {
    const committed = readFileSync(new URL(COMPATIBILITY_DOC, ROOT), 'utf8');
    expect(committed === renderCompatibilityDoc(walks), 'run `node scripts/upstream-compatibility.mjs` to update').toBe(
      true,
    );
  });
});
