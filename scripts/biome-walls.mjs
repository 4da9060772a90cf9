// Writes the server's walls into biome.json: for each folder under apps/server/src/modules, a
// noRestrictedImports override that lets its files reach another module only through that module's
// face (index.ts) — tests also through its testing/ kits — and never the composition root; platform/
// imports no module. Run it after adding or removing a module (composition.test.ts checks it was).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';

const MODULES = 'apps/server/src/modules';
const FACE_MESSAGE =
  'A module is entered only through its face (modules/<name>/index.ts) or, from tests, its testing/ kits; see docs/architecture.md.';
const modules = readdirSync(MODULES)
  .filter((name) => statSync(`${MODULES}/${name}`).isDirectory())
  .sort();

const restrict = (includes, patterns) => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});
const facesOf = (others) => ({
  group: others.flatMap((o) => [`**/${o}/**`, `!**/${o}/index.js`, `!**/${o}/testing/**`, `!**/${o}/**/testing/**`]),
  message: FACE_MESSAGE,
});
const noRoot = {
  group: ['**/composition/**', '**/server.js', '**/main.js'],
  message: 'Modules do not import the composition root; it imports them.',
};

const walls = modules.flatMap((name) => {
  const faces = facesOf(modules.filter((other) => other !== name));
  return [
    restrict([`${MODULES}/${name}/**`, '!**/*.test.ts'], [faces, noRoot]),
    restrict([`${MODULES}/${name}/**/*.test.ts`], [faces]),
  ];
});
walls.push(
  restrict(
    ['apps/server/src/platform/**', '!apps/server/src/platform/**/*.test.ts'],
    [
      {
        group: ['**/modules/**', '**/composition/**'],
        message: 'platform/ is beneath every module: it imports none of them.',
      },
    ],
  ),
  restrict(
    [
      'apps/server/src/composition/**',
      'apps/server/src/test/**',
      'apps/server/src/*.ts',
      'apps/server/src/platform/**/*.test.ts',
      'bench/**',
      'e2e/**',
    ],
    [
      {
        group: ['**/modules/*/**', '!**/modules/*/index.js', '!**/modules/*/testing/**', '!**/modules/*/**/testing/**'],
        message: FACE_MESSAGE,
      },
    ],
  ),
);

const config = JSON.parse(readFileSync('biome.json', 'utf8'));
const isWall = (override) =>
  override.linter?.rules?.style?.noRestrictedImports &&
  override.includes.some((path) => path.startsWith('apps/server/src/') || path === 'bench/**');
config.overrides = [...(config.overrides ?? []).filter((override) => !isWall(override)), ...walls];
writeFileSync('biome.json', `${JSON.stringify(config, null, 2)}\n`);
console.log(`biome.json: walls for ${modules.length} modules`);
