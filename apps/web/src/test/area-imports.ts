import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The modules a file imports statically (type-only imports are erased and load nothing). */
export function staticImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] ?? '');
}

/**
 * The sources of a feature's folders that vite.config.ts groups into its area chunk (routes/, components/,
 * api/), tests left out, each with the modules it imports statically: what every page of the area loads.
 */
function groupedSources(area: string): Array<{ path: string; imports: string[] }> {
  return ['routes', 'components', 'api'].flatMap((folder) =>
    readdirSync(join(area, folder))
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => ({
        path: `${folder}/${name}`,
        imports: staticImports(readFileSync(join(area, folder, name), 'utf8')),
      })),
  );
}

/** `file → module` for each static import of the area's grouped sources that is in `lazyOnly`. */
export function staticImportsOf(area: string, lazyOnly: readonly string[]): { count: number; found: string[] } {
  const sources = groupedSources(area);
  const found = sources.flatMap(({ path, imports }) =>
    imports.filter((source) => lazyOnly.includes(source)).map((source) => `${path} → ${source}`),
  );
  return { count: sources.length, found };
}
