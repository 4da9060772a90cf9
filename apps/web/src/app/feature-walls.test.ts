import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface RestrictedImports {
  options: { patterns: Array<{ group: string[] }> };
}
interface Rules {
  style?: { noRestrictedImports?: RestrictedImports };
}
interface WebBiome {
  linter: { rules: Rules };
  overrides: Array<{ includes: string[]; linter: { rules: Rules } }>;
}

/** apps/web/src/app; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const here = `file://${__filename}`;
const config = JSON.parse(readFileSync(fileURLToPath(new URL('../../biome.json', here)), 'utf8')) as WebBiome;
const features = readdirSync(fileURLToPath(new URL('../features', here)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The face patterns of the base rule and of every override that walls features (not components/ and lib/). */
const featureGroups = [config.linter.rules, ...config.overrides.map((override) => override.linter.rules)]
  .map((rules) => rules.style?.noRestrictedImports?.options.patterns[0]?.group)
  .filter((group): group is string[] => group !== undefined && !group.includes('**/features/**'));

// apps/web/biome.json lists each feature by name (Biome's patterns match import paths, not files): a new
// feature folder without its lines there would have no wall.
describe('feature walls (apps/web/biome.json)', () => {
  it('walls every feature in the base rule and each override, leaving its face open', () => {
    expect(featureGroups.length).toBe(4);
    for (const group of featureGroups) {
      for (const feature of features) {
        expect(group).toContain(`**/${feature}/**`);
        expect(group).toContain(`!**/${feature}/index`);
      }
    }
  });

  it('keeps components/ and lib/ from importing any feature', () => {
    const shared = config.overrides.find((override) => override.includes.includes('src/components/**'));
    expect(shared?.linter.rules.style?.noRestrictedImports?.options.patterns[0]?.group).toEqual(['**/features/**']);
  });
});
