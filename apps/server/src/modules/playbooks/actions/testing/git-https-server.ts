/**
 * A real git server for the gitops tests: bare repositories made with the `git` CLI under a temporary
 * root, served over HTTPS (a self-signed certificate made by openssl) by git's own smart-HTTP CGI,
 * `git http-backend`, with push enabled. Every request must carry basic credentials with the expected
 * password (401 otherwise), so a test sees that the connection's secret was used. A path under
 * {@link STALLED_PREFIX} is never answered, so a test of a timeout does not depend on how fast git is.
 * Paths under {@link API_PREFIX} are answered by the test's `api` double instead (recorded in
 * `apiReceived`): a git host serves its API on the same origin, and a connection's token goes nowhere else.
 * Closing destroys every socket, a TLS handshake still under way included (the HTTP layer's own
 * closeAllConnections sees only the connections past it).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../../health/check-types/testing/targets.js';
import type { Recorded, Reply } from './action-test-kit.js';

const GIT_ENV = {
  PATH: process.env.PATH,
  HOME: tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Seed',
  GIT_AUTHOR_EMAIL: 'seed@example.com',
  GIT_COMMITTER_NAME: 'Seed',
  GIT_COMMITTER_EMAIL: 'seed@example.com',
};

const git = (args: string[], cwd: string) => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });

const passwordOf = (header: string | undefined) =>
  Buffer.from((header ?? '').replace(/^Basic /, ''), 'base64')
    .toString('utf8')
    .split(':')
    .slice(1)
    .join(':');

/** Requests under this path are held open without an answer (a git server that hangs mid-clone). */
export const STALLED_PREFIX = '/stalled/';

/** Requests under this path go to the API double of {@link startGitServer}. */
export const API_PREFIX = '/api/';

/**
 * Starts the server; `password` is the one every git request's basic credentials must carry; `api`
 * answers requests under {@link API_PREFIX} (404 without it).
 */
export async function startGitServer(password: string, api: (request: Recorded) => Reply = () => ({ status: 404 })) {
  const root = mkdtempSync(join(tmpdir(), 'mc-git-server-'));
  const tls = selfSignedCertificate(1);
  const apiReceived: Recorded[] = [];
  const server = createServer(tls, (req, res) => {
    if ((req.url ?? '').startsWith(API_PREFIX)) {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
        apiReceived.push(request);
        const answer = api(request);
        if (answer === 'hang') return;
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
      });
      return;
    }
    if (passwordOf(req.headers.authorization) !== password) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end('unauthorized');
      req.resume();
      return;
    }
    const url = new URL(req.url ?? '/', 'https://localhost');
    if (url.pathname.startsWith(STALLED_PREFIX)) return void req.resume();
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...GIT_ENV,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
        GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
        REMOTE_USER: 'tester',
        REMOTE_ADDR: '127.0.0.1',
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString('utf8').split('\r\n')) {
        const [name = '', ...rest] = line.split(':');
        const value = rest.join(':').trim();
        if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else res.setHeader(name, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    cgi.on('close', () => res.end());
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`; // a TCP listener has an AddressInfo
  return {
    base,
    /** The requests the API double received, oldest first. */
    apiReceived,
    /** Makes a bare repository at `path` (e.g. `acme/app.git`) with `files` committed on main. */
    repository(path: string, files: Record<string, string>): string {
      const bare = join(root, path);
      mkdirSync(bare, { recursive: true });
      git(['init', '--bare', '--initial-branch=main', '-q', bare], root);
      git(['config', 'http.receivepack', 'true'], bare);
      const seed = mkdtempSync(join(tmpdir(), 'mc-git-seed-'));
      git(['init', '--initial-branch=main', '-q', seed], root);
      for (const [name, content] of Object.entries(files)) {
        mkdirSync(join(seed, name, '..'), { recursive: true });
        writeFileSync(join(seed, name), content);
      }
      git(['add', '--all'], seed);
      git(['commit', '-q', '-m', 'seed'], seed);
      git(['push', '-q', bare, 'main'], seed);
      rmSync(seed, { recursive: true, force: true });
      return bare;
    },
    /** A file of a branch of a bare repository, as git shows it. */
    show: (bare: string, ref: string, file: string) => git(['show', `${ref}:${file}`], bare),
    /** The author and subject of a branch's last commit. */
    lastCommit: (bare: string, ref: string) => git(['log', '-1', '--format=%an <%ae>|%s', ref], bare).trim(),
    branches: (bare: string) => git(['branch', '--format=%(refname:short)'], bare).trim().split('\n'),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(root, { recursive: true, force: true });
          resolve();
        });
        for (const socket of sockets) socket.destroy();
      }),
  };
}
