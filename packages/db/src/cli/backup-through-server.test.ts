import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupThroughServer } from './backup-through-server.js';

/** A stand-in of the server's backup route: the tarball for the right token, 403 for any other. */
const TARBALL = Buffer.from('a gzip tarball, as the route streams it');
const server = createServer((request, response) => {
  if (request.url !== '/api/system/backup') return void response.writeHead(404).end();
  if (request.headers.authorization !== 'Bearer admin-token') {
    return void response.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"forbidden"}');
  }
  response.writeHead(200, { 'content-type': 'application/gzip' });
  response.write(TARBALL.subarray(0, 10));
  response.end(TARBALL.subarray(10));
});
let address = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('npm run backup of a running server (MC_BACKUP_SERVER)', () => {
  it('asks the backup route with the administrator token and writes what it streams, readable only by its owner', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mc-backup-cli-')), 'backup.tar.gz');
    expect(await backupThroughServer(address, 'admin-token', file)).toBe(TARBALL.length);
    expect(readFileSync(file)).toEqual(TARBALL);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('fails with the status and the answer of a refusal, and writes no file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mc-backup-cli-')), 'backup.tar.gz');
    await expect(backupThroughServer(address, 'viewer-token', file)).rejects.toThrow(
      'the server answered 403 to GET /api/system/backup: {"error":"forbidden"}',
    );
    expect(() => statSync(file)).toThrow();
  });
});
