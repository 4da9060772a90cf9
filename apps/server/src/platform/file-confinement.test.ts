import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confinedPattern,
  confinedRealPath,
  type FileConfinement,
  FileConfinementError,
  fileConfinement,
  openConfined,
  serverOwnFolders,
} from './file-confinement.js';

describe('file confinement', () => {
  let base: string;
  let root: string;
  let data: string;
  let confinement: FileConfinement;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'mc-confinement-'));
    root = join(base, 'root');
    data = join(root, 'data');
    await mkdir(data, { recursive: true });
    await writeFile(join(root, 'a.yaml'), 'a: 1\n');
    await writeFile(join(data, 'secret.key'), 'key\n');
    await writeFile(join(base, 'outside.yaml'), 'b: 2\n');
    await symlink(join(root, 'a.yaml'), join(root, 'inside-link.yaml'));
    await symlink(join(base, 'outside.yaml'), join(root, 'outside-link.yaml'));
    // a root named through a link is judged by where it leads
    await symlink(root, join(base, 'root-link'));
    confinement = await fileConfinement([join(base, 'root-link')], serverOwnFolders(data, {}), 'no roots');
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('refuses everything when no root is set, with the caller’s message', async () => {
    await expect(fileConfinement([], [], 'nothing may be read')).rejects.toThrow(
      new FileConfinementError('nothing may be read'),
    );
  });

  it('keeps roots and denied folders both as named and as resolved', () => {
    expect(confinement.roots).toEqual([root]);
    expect(confinement.namedRoots).toEqual([join(base, 'root-link'), root]);
    expect(confinement.denied).toEqual([data, '/proc', '/sys', '/dev']);
  });

  it('judges a pattern by the folder before its first glob character, after `..` and links', async () => {
    expect(await confinedPattern(join(base, 'root-link', '*.yaml'), confinement)).toEqual({
      absolute: join(base, 'root-link', '*.yaml'),
      isGlob: true,
    });
    await expect(confinedPattern(join(root, '..', '*.yaml'), confinement)).rejects.toThrow(
      `path ${join(root, '..', '*.yaml')} leads outside the folders this server may read (${root})`,
    );
    await expect(confinedPattern('/etc/shadow', confinement)).rejects.toThrow(
      `path /etc/shadow is outside the folders this server may read (${root})`,
    );
    await expect(confinedPattern('/proc/self/environ', confinement)).rejects.toThrow(
      'path /proc/self/environ leads into a folder this server never reads',
    );
  });

  it('resolves each match: a link inside stays readable, a link out or into the data folder is refused', async () => {
    expect(await confinedRealPath(join(root, 'inside-link.yaml'), confinement)).toBe(join(root, 'a.yaml'));
    await expect(confinedRealPath(join(root, 'outside-link.yaml'), confinement)).rejects.toThrow(
      `path ${join(root, 'outside-link.yaml')} leads outside the folders`,
    );
    await expect(confinedRealPath(join(data, 'secret.key'), confinement)).rejects.toThrow(
      `path ${join(data, 'secret.key')} is inside a folder this server never reads`,
    );
    expect(await confinedRealPath(join(root, 'missing.yaml'), confinement)).toBeUndefined();
  });

  it('opens without following a link and re-checks the open descriptor', async () => {
    const handle = await openConfined(join(root, 'a.yaml'), join(root, 'a.yaml'), confinement);
    expect(await handle.readFile('utf8')).toBe('a: 1\n');
    await handle.close();
    // a link where a real path was expected (swapped in after the check) is not followed
    await expect(openConfined('swapped', join(root, 'outside-link.yaml'), confinement)).rejects.toMatchObject({
      code: 'ELOOP',
    });
    // what the descriptor really is, is checked again (Linux /proc/self/fd)
    await expect(openConfined('elsewhere', join(base, 'outside.yaml'), confinement)).rejects.toThrow(
      'path elsewhere leads outside the folders',
    );
  });

  it('answers a pipe as no regular file, without blocking on it', async () => {
    execFileSync('mkfifo', [join(root, 'pipe.yaml')]);
    await expect(openConfined(join(root, 'pipe.yaml'), join(root, 'pipe.yaml'), confinement)).rejects.toThrow(
      `path ${join(root, 'pipe.yaml')} is not a regular file`,
    );
  });
});
