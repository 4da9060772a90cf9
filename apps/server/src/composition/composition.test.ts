import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jobRegistry } from './job-registry.js';
import { SERVER_MODULES } from './server-modules.js';

const modulesDir = new URL('../modules/', import.meta.url);
const folders = readdirSync(modulesDir).filter((name) => statSync(new URL(name, modulesDir)).isDirectory());

describe('the composition root', () => {
  it('lists every module folder once, by its face', async () => {
    expect(SERVER_MODULES.map((module) => module.name).sort()).toEqual([...folders].sort());
    for (const folder of folders) {
      const face: Record<string, unknown> = await import(
        /* @vite-ignore */ fileURLToPath(new URL(`${folder}/index.ts`, modulesDir))
      );
      const descriptor = Object.values(face).find(
        (value) => typeof value === 'object' && value !== null && (value as { name?: unknown }).name === folder,
      );
      expect(SERVER_MODULES, `modules/${folder}/index.ts gives its descriptor`).toContain(descriptor);
    }
  });

  it('registers every module job and consumer, each name once', () => {
    const jobs = SERVER_MODULES.flatMap((module) => module.jobs ?? []);
    expect(jobRegistry.names().sort()).toEqual(jobs.map((job) => job.name).sort());
    expect(jobRegistry.consumers).toEqual(SERVER_MODULES.flatMap((module) => module.consumers ?? []));
  });

  it('gives each data-API table at most one module write hook', () => {
    const tables = SERVER_MODULES.flatMap((module) => Object.keys(module.writeHooks ?? {}));
    expect(new Set(tables).size).toBe(tables.length);
  });

  it('has a wall in biome.json for every module: its files reach other modules only through their faces', () => {
    const biome = JSON.parse(readFileSync(new URL('../../../../biome.json', import.meta.url), 'utf8')) as {
      overrides: { includes: string[] }[];
    };
    const walled = biome.overrides.flatMap((override) => override.includes);
    for (const folder of folders) {
      expect(walled, `biome.json walls modules/${folder}`).toContain(`apps/server/src/modules/${folder}/**/*.test.ts`);
    }
  });
});
