import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION } from './version.js';

describe('product version', () => {
  it('is the root package.json version, the one the console build injects as its frontend version', () => {
    const root = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(root.version);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
