import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticImports } from './test/area-imports';

/** apps/web/src; the web project runs in jsdom, whose import.meta.url is not a file URL. */
const SRC = dirname(fileURLToPath(`file://${__filename}`));

function sourceOf(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path));
}

/** Every module the boot script loads statically: the console's own files and the packages named. */
function bootGraph(): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (path: string) => {
    if (files.has(path)) return;
    files.add(path);
    for (const specifier of staticImports(readFileSync(path, 'utf8'))) {
      if (!specifier.startsWith('.')) packages.add(specifier);
      else {
        const source = sourceOf(path, specifier);
        if (!source) throw new Error(`${path}: cannot resolve ${specifier}`);
        visit(source);
      }
    }
  };
  visit(join(SRC, 'boot.ts'));
  return { files: [...files].map((path) => path.slice(SRC.length + 1)).sort(), packages: [...packages].sort() };
}

describe('the boot script (src/boot.ts)', () => {
  it('loads no React, router, query library or area chunk: it must run before the console has loaded', () => {
    const { files, packages } = bootGraph();
    expect(packages).toEqual(['@mc/contracts']);
    expect(files.filter((file) => file.endsWith('.tsx'))).toEqual([]);
    // the pages' calls and what builds them, and no hook module
    expect(files).toContain('features/catalog/api/page-requests.ts');
    expect(files.filter((file) => /(^|\/)use-|url-state\.ts$|storage\.ts$/.test(file))).toEqual([]);
  });
});
