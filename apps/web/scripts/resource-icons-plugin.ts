import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { COMMON_RESOURCE_ICONS, RESOURCE_ICON_NAMES } from '../src/lib/resource-icons.ts';
import { hasDarkInk } from './icon-ink.ts';

/** The module the console imports: a map from icon name to a loader of that one drawing. */
const LOADERS_ID = 'virtual:resource-icon-loaders';
/** One module per drawing, so each becomes a chunk of a few hundred bytes. */
const ICON_PREFIX = 'virtual:resource-icon/';
/** The common drawings (COMMON_RESOURCE_ICONS) together: one chunk, asked for when the icon component loads. */
const COMMON_ID = 'virtual:resource-icons-common';

/**
 * Reads upstream's generated module (`@flanksource/icons/mi`, 2.4 MB, "THIS FILE IS AUTO GENERATED"):
 * one `export function Name (props) { return GenIcon({...})(props); };` per drawing and an `IconMap`
 * from kebab-case names to those functions. Returns each name's GenIcon tree as JSON text.
 */
function readUpstreamTrees(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const file = join(dirname(require.resolve('@flanksource/icons/mi')), 'index.mjs');
  const source = readFileSync(file, 'utf8');
  const mapStart = source.indexOf('export const IconMap');
  const exportOf = [...source.slice(mapStart).matchAll(/"([^"]+)":\s*([A-Za-z0-9_]+)/g)];
  const trees = new Map(
    [...source.matchAll(/export function (\w+) \(props\) \{\s*return GenIcon\((.*?)\)\(props\);\s*\};/gs)].map(
      (match) => [match[1], match[2]] as const,
    ),
  );
  const result = new Map<string, string>();
  for (const [, name, exportName] of exportOf) {
    const tree = exportName ? trees.get(exportName) : undefined;
    if (name && tree) result.set(name, tree);
  }
  return result;
}

/**
 * Serves the resource-type drawings one module each. Imported whole, upstream's set is one module of
 * 2.4 MB; bundlers split chunks by module, so even named imports of the ~180 drawings the resolver
 * knows would ship as one chunk of ~130 kB gzip on the first page that shows an icon (over the first
 * screen's 180 kB budget with the page itself). Each drawing instead becomes a module holding only its
 * tree (no imports, so its loader needs no preload bookkeeping), turned into a component by upstream's
 * small GenIcon when a row first needs it. A name the resolver lists but upstream lacks fails the build.
 * The most common drawings also come together as one module (`virtual:resource-icons-common`), so a long
 * list draws them in its first frame. The loader map also names the drawings painted partly in a dark colour (`DARK_INK_ICONS`, see
 * icon-ink.ts), which the dark theme shows on a light backdrop.
 */
export function resourceIcons(): Plugin {
  let trees: Map<string, string> | undefined;
  const tree = (name: string) => {
    trees ??= readUpstreamTrees();
    return trees.get(name);
  };
  return {
    name: 'mc-resource-icons',
    resolveId(id) {
      return id === LOADERS_ID || id === COMMON_ID || id.startsWith(ICON_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${LOADERS_ID}`) {
        const missing = RESOURCE_ICON_NAMES.filter((name) => !tree(name));
        if (missing.length) this.error(`@flanksource/icons has no drawing named ${missing.join(', ')}`);
        const entries = RESOURCE_ICON_NAMES.map(
          (name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(`${ICON_PREFIX}${name}`)}),`,
        );
        const darkInk = RESOURCE_ICON_NAMES.filter((name) => hasDarkInk(tree(name) ?? ''));
        return `export const ICON_LOADERS = {\n${entries.join('\n')}\n};\nexport const DARK_INK_ICONS = new Set(${JSON.stringify(darkInk)});\n`;
      }
      if (id === `\0${COMMON_ID}`) {
        const entries = COMMON_RESOURCE_ICONS.map((name) => {
          const drawing = tree(name);
          if (!drawing) this.error(`@flanksource/icons has no drawing named ${name}`);
          return `  ${JSON.stringify(name)}: ${drawing},`;
        });
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (id.startsWith(`\0${ICON_PREFIX}`)) {
        const name = id.slice(ICON_PREFIX.length + 1);
        const drawing = tree(name);
        if (!drawing) this.error(`@flanksource/icons has no drawing named ${name}`);
        return `export default ${drawing};\n`;
      }
      return undefined;
    },
  };
}
