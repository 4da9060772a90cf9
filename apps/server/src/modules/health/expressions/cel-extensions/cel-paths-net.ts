/**
 * gomplate's pure path and address helpers: `filepath.*` and `path.*` (string operations on slash
 * paths — nothing reads the file system), `net.IsValidIP`, `net.ContainsCIDR`, and `debug(x)` (returns x).
 */
import { BlockList, isIP } from 'node:net';
import { posix } from 'node:path';
import type { Environment } from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { CelFunctionError, capText, declareNamespace } from './cel-values.js';

/** Go's filepath.Match (run by RE2, so linear) for one pattern: `*`, `?` and `[…]` classes, not crossing `/`. */
export function pathMatch(pattern: string, name: string): boolean {
  if (pattern.length > 256) throw new CelFunctionError('filepath.Match: pattern too long');
  const source = pattern
    .replace(/[.+^${}()|\\]/g, '\\$&')
    .replaceAll('*', '[^/]*')
    .replaceAll('?', '[^/]');
  // RE2: linear in the name, whatever the pattern's stars.
  return RE2JS.compile(`^${source}$`).matches(name);
}

function registerPaths(env: Environment, names: string[]): void {
  for (const name of names) {
    const ns = declareNamespace(env, name);
    env
      .registerFunction(`${ns}.Base(string): string`, (_: unknown, p: string) =>
        p === '' ? '.' : posix.basename(p) || '/',
      )
      .registerFunction(`${ns}.Clean(string): string`, (_: unknown, p: string) =>
        posix.normalize(p).replace(/(.)\/$/, '$1'),
      )
      .registerFunction(`${ns}.Dir(string): string`, (_: unknown, p: string) => posix.dirname(p))
      .registerFunction(`${ns}.Ext(string): string`, (_: unknown, p: string) => posix.extname(p))
      .registerFunction(`${ns}.IsAbs(string): bool`, (_: unknown, p: string) => posix.isAbsolute(p))
      .registerFunction(`${ns}.Join(list): string`, (_: unknown, parts: unknown[]) =>
        capText(posix.join(...parts.map(String)), 'Join'),
      )
      .registerFunction(`${ns}.Match(string, string): bool`, (_: unknown, pattern: string, p: string) =>
        pathMatch(pattern, p),
      )
      .registerFunction(`${ns}.Split(string): list`, (_: unknown, p: string) => {
        const at = p.lastIndexOf('/') + 1;
        return [p.slice(0, at), p.slice(at)];
      });
  }
}

function containsCidr(cidr: string, ip: string): boolean {
  const [network = '', bits = ''] = cidr.split('/');
  const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
  if (!isIP(network) || !/^\d{1,3}$/.test(bits))
    throw new CelFunctionError(`net.ContainsCIDR: invalid CIDR ${JSON.stringify(cidr)}`);
  if (isIP(ip) !== isIP(network)) return false;
  const list = new BlockList();
  list.addSubnet(network, Number(bits), family);
  return list.check(ip, family);
}

/** Registers filepath, path, net and debug. */
export function registerPathAndNetFunctions(env: Environment): void {
  registerPaths(env, ['filepath', 'path']);
  const net = declareNamespace(env, 'net');
  env
    .registerFunction(`${net}.IsValidIP(string): bool`, (_: unknown, ip: string) => isIP(ip) !== 0)
    .registerFunction(`${net}.ContainsCIDR(string, string): bool`, (_: unknown, cidr: string, ip: string) =>
      containsCidr(cidr, ip),
    )
    .registerFunction('debug(dyn): dyn', (value: unknown) => value)
    .registerFunction('debug(string, dyn): dyn', (_: string, value: unknown) => value);
}
