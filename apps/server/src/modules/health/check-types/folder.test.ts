import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCanary } from '../testing/canary-validator.js';
import { folderConfinementSource, NO_FOLDER_ROOTS_MESSAGE } from './folder-roots.js';
import { runCheck } from './registry.js';
import { guardFor } from './testing/targets.js';

const egress = guardFor();
const HOUR = 3_600_000;

/**
 * Folder checks against temporary folders (issue 28): a root `allowed` holding `backups` (three dated,
 * sized files), `nested/deeper`, the server's data folder, and links in and out; `outside` beside it.
 */
describe('folder check', () => {
  let base: string;
  let allowed: string;
  let backups: string;
  let dataDir: string;
  let options: Parameters<typeof runCheck>[2];

  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
  const file = async (path: string, bytes: number, hoursAgo: number) => {
    await writeFile(path, 'x'.repeat(bytes));
    await utimes(path, at(hoursAgo), at(hoursAgo));
  };
  const folder = (spec: Record<string, unknown>) => runCheck('folder', { name: 'folder', ...spec }, options);

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'mc-folder-check-'));
    allowed = join(base, 'allowed');
    backups = join(allowed, 'backups');
    dataDir = join(allowed, 'data');
    await mkdir(join(allowed, 'nested', 'deeper'), { recursive: true });
    await mkdir(backups);
    await mkdir(dataDir);
    await mkdir(join(base, 'outside'));
    await file(join(backups, 'pg-backup-1.zip'), 3000, 50);
    await file(join(backups, 'pg-backup-2.zip'), 2000, 26);
    await file(join(backups, 'notes.txt'), 10, 2);
    await file(join(allowed, 'nested', 'a.log'), 5, 1);
    await file(join(allowed, 'nested', 'deeper', 'b.log'), 7, 1);
    await file(join(dataDir, 'secret.key'), 32, 1);
    await file(join(base, 'outside', 'big.bin'), 4096, 1);
    await symlink(join(base, 'outside', 'big.bin'), join(allowed, 'nested', 'out-link'));
    await symlink(join(backups, 'notes.txt'), join(allowed, 'nested', 'in-link'));
    const env = { MC_HEALTH_FOLDER_ROOTS: allowed };
    options = { egress, folderConfinement: folderConfinementSource({ dataDir, env }) };
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('lists nothing before an administrator sets the roots', async () => {
    const unset = folderConfinementSource({ dataDir, env: {} });
    const result = await runCheck('folder', { name: 'f', path: backups }, { egress, folderConfinement: unset });
    expect(result).toMatchObject({ status: 'unhealthy', message: NO_FOLDER_ROOTS_MESSAGE });
    const none = await runCheck('folder', { name: 'f', path: backups }, { egress });
    expect(none).toMatchObject({ status: 'unhealthy', message: NO_FOLDER_ROOTS_MESSAGE });
  });

  it('gives upstream’s results: files, newest, oldest, smallest, largest and the file system’s sizes', async () => {
    const result = await folder({ path: backups, minCount: 3, maxCount: 3 });
    expect(result).toMatchObject({ status: 'healthy', message: `3 files in ${backups}` });
    const results = result.details.results as Record<string, { name: string; size: number }> & { files: unknown[] };
    expect(results.files).toHaveLength(3);
    expect(results.newest).toMatchObject({ name: 'notes.txt', size: 10, mode: '-rw-r--r--' });
    expect(results.oldest).toMatchObject({ name: 'pg-backup-1.zip', size: 3000 });
    expect(results.smallest?.name).toBe('notes.txt');
    expect(results.largest?.name).toBe('pg-backup-1.zip');
    expect(result.details).toMatchObject({ errorType: '', results: { size: expect.any(Number) } });
    expect(Number(results.availableSize)).toBeGreaterThan(0);
  });

  it('runs test and display expressions over results and errorType, files in name order', async () => {
    const result = await folder({
      path: backups,
      test: { expr: 'results.files.size() == 3 && errorType == ""' },
      display: { expr: 'results.files.map(f, f.name).join(", ")' },
    });
    expect(result).toMatchObject({ status: 'healthy', message: 'notes.txt, pg-backup-1.zip, pg-backup-2.zip' });
    const failing = await folder({ path: backups, minCount: 9, display: { expr: 'errorType' } });
    expect(failing).toMatchObject({ status: 'unhealthy', message: 'min_count' });
  });

  it('tests in upstream’s order with its error types', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ minCount: 4 }, 'min_count', 'too few files 3 < 4'],
      [{ maxCount: 2 }, 'max_count', 'too many files 3 > 2'],
      [{ minAge: '3h' }, 'min_age', 'notes.txt is too new: 2h < 3h'],
      [{ maxAge: '1d' }, 'max_age', 'pg-backup-1.zip is too old: 2d2h > 1d'],
      [{ minSize: '1kb' }, 'min_size', 'notes.txt is too small: 10 B < 1kb'],
      [{ maxSize: '2KB' }, 'max_size', 'pg-backup-1.zip is too large: 2.9 KB > 2KB'],
      [{ availableSize: '1000PB' }, 'available_size', 'available size too small'],
      [{ totalSize: '1000PB' }, 'total_size', 'total size too small'],
    ];
    for (const [test, errorType, message] of cases) {
      const result = await folder({ path: backups, ...test });
      expect(result.status, message).toBe('unhealthy');
      expect(result.message).toContain(message);
      expect(result.details.errorType).toBe(errorType);
    }
    const passing = await folder({ path: backups, minAge: '1h', maxAge: '3d', minSize: '10b', maxSize: '1mb' });
    expect(passing.status).toBe('healthy');
    expect((await folder({ path: backups, availableSize: '1b', totalSize: '1b' })).status).toBe('healthy');
  });

  it('filters entries by regex, size, age and since before testing', async () => {
    const zips = await folder({
      path: backups,
      filter: { regex: '^pg-backup-.*\\.zip$' },
      maxCount: 2,
      minSize: '1kb',
    });
    expect(zips.status).toBe('healthy');
    expect(zips.message).toBe(`2 files in ${backups}`);
    const sized = await folder({ path: backups, filter: { minSize: '2000', maxSize: '2500b' } });
    expect(sized.message).toBe(`1 files in ${backups}`);
    const aged = await folder({ path: backups, filter: { minAge: '1d', maxAge: '30h' } });
    expect((aged.details.results as { files: { name: string }[] }).files.map((f) => f.name)).toEqual([
      'pg-backup-2.zip',
    ]);
    const sinceMath = await folder({ path: backups, filter: { since: 'now-30h' } });
    expect(sinceMath.message).toBe(`2 files in ${backups}`);
    const sinceTime = await folder({ path: backups, filter: { since: at(27).toISOString() } });
    expect(sinceTime.message).toBe(`2 files in ${backups}`);
  });

  it('refuses at run a regex RE2 cannot run, as an invalid spec', async () => {
    const result = await folder({ path: backups, filter: { regex: '(?=zip)' } });
    expect(result).toMatchObject({ status: 'unhealthy', invalid: true });
    expect(result.message).toMatch(/^filter\.regex is not a regular expression RE2 can run/);
  });

  it('lists globs and, when recursive, the files of subfolders; a folder that does not exist lists nothing', async () => {
    const flat = await folder({ path: join(allowed, 'nested') });
    const names = (r: typeof flat) => (r.details.results as { files: { name: string }[] }).files.map((f) => f.name);
    expect(names(flat).sort()).toEqual(['a.log', 'in-link', 'out-link']);
    const recursive = await folder({ path: join(allowed, 'nested'), recursive: true });
    expect(names(recursive).sort()).toEqual(['a.log', 'b.log', 'in-link', 'out-link']);
    expect(names(await folder({ path: join(allowed, 'nested', '*.log') }))).toEqual(['a.log']);
    expect(names(await folder({ path: join(allowed, '**', '*.log') })).sort()).toEqual(['a.log', 'b.log']);
    const missing = await folder({ path: join(allowed, 'gone'), test: { expr: 'results.files.size() == 0' } });
    expect(missing.status).toBe('healthy');
  });

  it('never measures outside the roots: /etc/shadow, a climbing path and the data folder are refused by name', async () => {
    const shadow = await folder({ path: '/etc/shadow' });
    expect(shadow).toMatchObject({ status: 'unhealthy', details: { errorType: 'configuration_error' } });
    expect(shadow.message).toBe(`path /etc/shadow is outside the folders this server may read (${allowed})`);
    const climbing = await folder({ path: join(allowed, '..', 'outside') });
    expect(climbing.message).toContain(`path ${join(base, 'outside')} is outside the folders`);
    const data = await folder({ path: dataDir });
    expect(data.message).toContain('is inside a folder this server never reads');
    const whole = await folder({ path: allowed, recursive: true });
    const paths = JSON.stringify(whole.details.results);
    expect(paths).not.toContain('secret.key');
  });

  it('lists a link leading out of the roots as the link itself, never what it leads to', async () => {
    const result = await folder({ path: join(allowed, 'nested') });
    const files = (result.details.results as { files: { name: string; size: number; mode: string }[] }).files;
    const out = files.find((f) => f.name === 'out-link');
    expect(out?.mode.startsWith('L')).toBe(true);
    expect(out?.size).not.toBe(4096);
    expect(files.find((f) => f.name === 'in-link')).toMatchObject({ size: 10, mode: '-rw-r--r--' });
  });

  it('refuses at save what it cannot list, naming the field: remote paths, connections, bad templates, bad values', () => {
    const save = (check: Record<string, unknown>) => {
      const document = { apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name: 'f' } };
      const answer = validateCanary({ ...document, spec: { folder: [{ name: 'f', path: '/data', ...check }] } });
      return answer.ok ? [] : answer.errors;
    };
    expect(save({})).toEqual([]);
    for (const path of [
      's3://bucket/backups',
      'gcs://bucket',
      'smb://host/share',
      'sftp://host/dir',
      '\\\\host\\share',
    ]) {
      expect(save({ path })).toEqual([
        expect.stringMatching(/^spec\.folder\.0\.path: path .* is not supported by this server/),
      ]);
    }
    // named at once, also beside another problem (upstream's smb fixture has no name)
    expect(save({ name: undefined, path: '\\\\srv\\share' })).toEqual([
      'spec.folder.0.name: Name is required',
      expect.stringMatching(/^spec\.folder\.0\.path: path .* is not supported by this server/),
    ]);
    for (const field of ['awsConnection', 'gcpConnection', 'smbConnection', 'sftpConnection']) {
      expect(save({ [field]: { connection: 'connection://x/y' } })).toEqual([
        expect.stringMatching(new RegExp(`^spec\\.folder\\.0\\.${field}: ${field} is not supported by this server`)),
      ]);
    }
    // templates are rendered before each run (runner/folder-template.test.ts); one that cannot run is named
    expect(save({ path: '/data/{{ .check.name }}', filter: { since: '{{ last_result.results.max }}' } })).toEqual([]);
    expect(save({ path: '/data/{{ nope }}', filter: { since: '{{ if last_result }}', regex: '{{ .x }}' } })).toEqual([
      expect.stringMatching(/^spec\.folder\[0\]\.path: .*nope/),
      expect.stringMatching(/^spec\.folder\[0\]\.filter\.since: /),
    ]);
    expect(save({ minAge: 'soon', filter: { maxSize: '10 bits', since: 'yesterday' } }).sort()).toEqual([
      'spec.folder.0.filter.maxSize: filter.maxSize must be a size such as 10mb or 1GB',
      'spec.folder.0.filter.since: filter.since must be an RFC 3339 time or date math such as now-60d',
      'spec.folder.0.minAge: minAge must be a duration such as 4m, 1h or 1d',
    ]);
  });
});
