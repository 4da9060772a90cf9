// Runs Biome's platform binary directly. The registry this project installs from carries Biome's
// Linux builds only, so the `@biomejs/biome` wrapper (which lists every platform) cannot be locked;
// the root package.json lists the Linux builds as optional dependencies instead.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const target = `@biomejs/cli-${process.platform}-${process.arch}`;
let binary;
try {
  binary = require.resolve(`${target}/biome`);
} catch {
  console.error(`Biome has no installed build for ${process.platform}-${process.arch} (${target}).`);
  process.exit(1);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
