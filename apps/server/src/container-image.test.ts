import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresTestUrl, testEngine } from '@mc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Dockerfile,
  execForm,
  type Instruction,
  keyValuePairs,
  parseDockerfile,
  type Stage,
} from './test/dockerfile.js';

/**
 * Issue 31: the container image, kept honest on machines that cannot build images. The test reads the
 * Dockerfile and repeats its runtime stage in a fresh folder standing for the image's file system: the
 * production install with the Dockerfile's own `npm ci` flags, the files its COPY lines take from the build
 * stage (the server compiled afresh by apps/server/build.mjs, as `npm run build` does; the console's build),
 * the app folder made read-only, then the ENTRYPOINT and CMD run as the USER's numeric ids with the ENV and a
 * fresh data volume. It requires `/readyz`, the HEALTHCHECK command, a sign-in as the first admin (from the
 * password file the server wrote in the volume) and a check run. Differences from a container, on purpose:
 * this machine's node (not the image's), a free PORT instead of 8080, TMPDIR standing for `--tmpfs /tmp`,
 * tini only when installed here, and no apt-get/useradd (numeric ids need no account).
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ADMIN_PASSWORD_FILE = 'initial-admin-password';
const OCI_LABELS = ['title', 'description', 'source', 'licenses', 'version', 'revision', 'created'].map(
  (key) => `org.opencontainers.image.${key}`,
);

/** What repeating the runtime stage produced. */
interface Image {
  rootfs: string;
  workdir: string;
  env: Record<string, string>;
  volumes: string[];
  user: { uid: number; gid: number };
  labels: Record<string, string>;
  command: string[];
  healthcheck: string[];
  npmCiFlags: string[];
  skipped: string[];
}

function stageNamed(dockerfile: Dockerfile, name: string): Stage {
  const stage = dockerfile.stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`the Dockerfile has no stage named ${name}`);
  return stage;
}

/** The build stage's WORKDIR: the folder its COPY sources are relative to. */
function workdirOf(stage: Stage): string {
  const workdir = stage.instructions.findLast((instruction) => instruction.keyword === 'WORKDIR');
  if (!workdir) throw new Error(`stage ${stage.name} has no WORKDIR`);
  return workdir.args;
}

/** Where a file of the build stage is on this machine: the fresh server build, else the repository's file. */
function buildOutput(path: string, buildWorkdir: string, serverDist: string): string {
  const inRepo = posix.relative(buildWorkdir, path);
  if (inRepo.startsWith('..')) throw new Error(`COPY --from takes ${path}, outside the build stage's ${buildWorkdir}`);
  if (inRepo === 'apps/server/dist' || inRepo.startsWith('apps/server/dist/')) {
    return join(serverDist, posix.relative('apps/server/dist', inRepo));
  }
  const local = join(ROOT, inRepo);
  if (!existsSync(local)) throw new Error(`${inRepo} is missing: run npm run build first`);
  return local;
}

function copy(instruction: Instruction, dockerfile: Dockerfile, image: Image, serverDist: string): void {
  const words = instruction.args.split(/\s+/);
  const destination = words.pop() ?? '';
  const from = instruction.flags.from;
  const buildWorkdir = from ? workdirOf(stageNamed(dockerfile, from)) : '';
  const target = join(image.rootfs, posix.resolve(image.workdir, destination));
  for (const source of words) {
    const local = from ? buildOutput(source, buildWorkdir, serverDist) : join(ROOT, source);
    const into = destination.endsWith('/') || words.length > 1 ? join(target, posix.basename(source)) : target;
    mkdirSync(dirname(into), { recursive: true });
    cpSync(local, into, { recursive: true });
  }
}

/** One command of a RUN line, repeated or skipped for a reason; any other command fails the test. */
function runCommand(command: string, image: Image): void {
  const words = command.split(/\s+/);
  const inRootfs = (path: string) => join(image.rootfs, posix.resolve(image.workdir, path));
  if (words[0] === 'npm' && words[1] === 'ci') {
    image.npmCiFlags = words.slice(2);
    // offline from this machine's npm cache when it can; the install is otherwise the Dockerfile's
    execFileSync('npm', ['ci', ...image.npmCiFlags, '--prefer-offline'], {
      cwd: join(image.rootfs, image.workdir),
      stdio: 'pipe',
    });
  } else if (command === 'npm cache clean --force') {
    image.skipped.push(command); // would empty this machine's cache, not an image layer's
  } else if (words[0] === 'apt-get' || command === 'rm -rf /var/lib/apt/lists/*') {
    image.skipped.push(command); // the base system's packages (tini): used below when installed here
  } else if (words[0] === 'groupadd' || words[0] === 'useradd') {
    image.skipped.push(command); // the process runs as the numeric ids of USER, which need no account
  } else if (words[0] === 'mkdir' && words[1] === '-p') {
    for (const path of words.slice(2)) mkdirSync(inRootfs(path), { recursive: true });
  } else if (words[0] === 'chown' && words.length === 3) {
    const [uid, gid] = (words[1] ?? '').split(':').map(Number);
    chownSync(inRootfs(words[2] ?? ''), uid ?? 0, gid ?? uid ?? 0);
  } else if (words[0] === 'chmod' && words.length === 3) {
    chmodSync(inRootfs(words[2] ?? ''), Number.parseInt(words[1] ?? '', 8));
  } else {
    throw new Error(`the image test does not know how to repeat the Dockerfile's RUN step "${command}": teach it`);
  }
}

/** Repeats the last stage of the Dockerfile in `rootfs`; answers what the image would run, and how. */
function repeatRuntimeStage(dockerfile: Dockerfile, rootfs: string, serverDist: string): Image {
  const runtime = dockerfile.stages.at(-1);
  if (!runtime) throw new Error('the Dockerfile has no stage');
  const image: Image = {
    ...{ rootfs, workdir: '/', env: {}, volumes: [], user: { uid: 0, gid: 0 }, labels: {} },
    ...{ command: [], healthcheck: [], npmCiFlags: [], skipped: [] },
  };
  let entrypoint: string[] = [];
  let cmd: string[] = [];
  for (const instruction of runtime.instructions) {
    const { keyword, args } = instruction;
    if (keyword === 'WORKDIR') {
      image.workdir = posix.resolve(image.workdir, args);
      mkdirSync(join(rootfs, image.workdir), { recursive: true });
    } else if (keyword === 'COPY') copy(instruction, dockerfile, image, serverDist);
    else if (keyword === 'RUN') for (const command of args.split('&&')) runCommand(command.trim(), image);
    else if (keyword === 'ENV') Object.assign(image.env, keyValuePairs(args));
    else if (keyword === 'LABEL') Object.assign(image.labels, keyValuePairs(args));
    else if (keyword === 'VOLUME') image.volumes.push(...execForm(instruction));
    else if (keyword === 'USER') {
      const [uid, gid] = args.split(':').map(Number);
      image.user = { uid: uid ?? Number.NaN, gid: gid ?? Number.NaN };
    } else if (keyword === 'HEALTHCHECK') image.healthcheck = execForm(instruction);
    else if (keyword === 'ENTRYPOINT') entrypoint = execForm(instruction);
    else if (keyword === 'CMD') cmd = execForm(instruction);
    else if (keyword !== 'ARG' && keyword !== 'EXPOSE') {
      throw new Error(`the image test does not know the Dockerfile's ${keyword} (line ${instruction.line}): teach it`);
    }
  }
  image.command = [...entrypoint, ...cmd];
  return image;
}

/** Files under `folder` (node_modules left out) whose names end in `.ts`, `.tsx` or `.mts`. */
function typeScriptSources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter(
    (file) => !file.split('/').includes('node_modules') && /\.(ts|tsx|mts)$/.test(file) && !file.endsWith('.d.ts'),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let folder: string;
let image: Image;
let target: http.Server;
let targetHits = 0;
let databaseEnv: Record<string, string> = {};
let drop: (() => Promise<void>) | undefined;
const timings: Record<string, number> = {};

beforeAll(async () => {
  const beforeAllStarted = performance.now();
  // in memory when the machine has /dev/shm: removing 15,000 freshly written files from this machine's disk
  // (mounted with discard) took up to a minute under load
  folder = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'mc-image-'));
  chmodSync(folder, 0o755); // the unprivileged user must reach the app folder and the volume inside
  const serverDist = join(folder, 'build', 'apps/server/dist');
  let started = performance.now();
  execFileSync(process.execPath, [join(ROOT, 'apps/server/build.mjs'), `--outdir=${serverDist}`], { stdio: 'pipe' });
  timings.buildMs = performance.now() - started;
  started = performance.now();
  const dockerfile = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  image = repeatRuntimeStage(dockerfile, join(folder, 'rootfs'), serverDist);
  timings.runtimeStageMs = performance.now() - started;
  execFileSync('chmod', ['-R', 'a-w', join(image.rootfs, image.workdir)]);
  target = http.createServer((_req, res) => {
    targetHits++;
    res.end('ok');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  if (testEngine() === 'postgres') {
    const created = await createPostgresTestUrl();
    drop = created.drop;
    databaseEnv = { DATABASE_URL: created.url };
  }
  timings.preparedMs = performance.now() - beforeAllStarted;
}, 300_000);

afterAll(async () => {
  const started = performance.now();
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
  await drop?.();
  if (folder) {
    execFileSync('chmod', ['-R', 'u+w', folder]);
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(`image test: cleaned up in ${Math.round(performance.now() - started)} ms`);
});

/** `path` as the container sees it, mapped into the rootfs folder when it lies in the image's file system. */
function inRootfs(path: string): string {
  return isAbsolute(path) ? join(image.rootfs, path) : join(image.rootfs, image.workdir, path);
}

/** The image's ENV with its file-system paths mapped into the rootfs folder, for this machine. */
function processEnv(port: number, tmp: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(image.env)) {
    const underVolume = image.volumes.some((volume) => value === volume || value.startsWith(`${volume}/`));
    env[key] = underVolume ? inRootfs(value) : value;
  }
  return {
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: inRootfs(image.volumes[0] ?? '/'),
    ...env,
    PORT: String(port),
    TMPDIR: tmp,
    ...databaseEnv,
  };
}

/** `argv` as the image's USER: setpriv drops to the numeric ids (tests run as root here). */
function asImageUser(argv: string[]): string[] {
  const [program = '', ...rest] = argv;
  const local = program === 'node' ? process.execPath : program;
  if (process.getuid?.() !== 0) return [local, ...rest];
  const { uid, gid } = image.user;
  return ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--', local, ...rest];
}

function entryCommand(): string[] {
  const [first, second, ...rest] = image.command;
  // tini when this machine has it, as in the image; else the command it would run
  if (first?.endsWith('/tini') && !existsSync(first)) return second === '--' ? rest : [second ?? '', ...rest];
  return image.command;
}

function start(env: Record<string, string>): { child: ChildProcess; output: string[]; exited: Promise<number | null> } {
  const [program = '', ...args] = asImageUser(entryCommand());
  const child = spawn(program, args, { cwd: inRootfs('.'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  // stdout only: the JSON log; stderr carries the generated first-admin password
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

async function waitForReady(base: string, exited: Promise<number | null>, output: string[]): Promise<unknown> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && !gone) {
    const answer = await fetch(`${base}/readyz`).catch(() => undefined);
    if (answer?.status === 200) return answer.json();
    await sleep(100);
  }
  throw new Error(`/readyz never answered 200 (${gone ? 'the server exited' : 'timed out'}); log:\n${output.join('')}`);
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const flow = (await (await fetch(`${base}/api/.ory/self-service/login/api`)).json()) as { id: string };
  const answer = await fetch(`${base}/api/.ory/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'password', identifier: email, password }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { session_token: string }).session_token;
}

async function checkRuns(base: string, token: string): Promise<{ status: string }> {
  const { port } = target.address() as AddressInfo; // a TCP listener
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/canaries`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'image-test', namespace: 'default' },
      spec: {
        schedule: '@every 1h',
        // the test's JavaScript runs in the script sandbox's worker thread: its entry must resolve in the image
        http: [{ name: 'local', endpoint: `http://127.0.0.1:${port}/`, test: { javascript: 'code == 200' } }],
      },
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const rows = (await (
      await fetch(`${base}/api/db/checks?canary_id=eq.${id}&select=status,last_runtime`, { headers })
    ).json()) as { status: string; last_runtime: string | null }[];
    if (rows[0]?.last_runtime) return rows[0];
    await sleep(250);
  }
  throw new Error('the check never ran');
}

describe('the container image, repeated on this machine (Dockerfile runtime stage)', () => {
  it('installs production dependencies only, with the compiled output and no TypeScript sources', () => {
    expect(image.npmCiFlags).toContain('--omit=dev');
    expect(existsSync(inRootfs('node_modules/vitest'))).toBe(false);
    expect(existsSync(inRootfs('node_modules/typescript'))).toBe(false);
    expect(existsSync(inRootfs('apps/server/dist/main.js'))).toBe(true);
    expect(typeScriptSources(inRootfs('.'))).toEqual([]);
    expect(Object.keys(image.labels)).toEqual(expect.arrayContaining(OCI_LABELS));
    expect(image.user.uid).toBeGreaterThan(0);
    expect(image.user.gid).toBeGreaterThan(0);
    expect(image.healthcheck.length).toBeGreaterThan(0);
    expect(image.volumes).toContain(image.env.MC_DATA_DIR);
    console.log(
      `image test: server build ${Math.round(timings.buildMs ?? 0)} ms, runtime stage (npm ci ${image.npmCiFlags.join(' ')}) ` +
        `${Math.round(timings.runtimeStageMs ?? 0)} ms, prepared in ${Math.round(timings.preparedMs ?? 0)} ms; not repeated: ${image.skipped.join('; ')}`,
    );
  });

  it('runs read-only as the unprivileged USER: ready, healthy, signs in, runs a check, stops on SIGTERM', async () => {
    const port = await freePort();
    const tmp = mkdtempSync(join(folder, 'tmpfs-'));
    chmodSync(tmp, 0o1777); // as a tmpfs on /tmp
    const env = processEnv(port, tmp);
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const server = start(env);
    try {
      expect(await waitForReady(base, server.exited, server.output)).toEqual({ status: 'ready' });
      console.log(
        `image test: /readyz 200 ${Math.round(performance.now() - started)} ms after the start (${testEngine()})`,
      );
      const [program = '', ...args] = asImageUser(image.healthcheck);
      execFileSync(program, args, { cwd: inRootfs('.'), env, stdio: 'pipe' }); // throws on a non-zero exit

      const data = inRootfs(image.env.MC_DATA_DIR ?? '');
      const passwordFile = join(data, ADMIN_PASSWORD_FILE);
      for (let tries = 0; !existsSync(passwordFile) && tries < 100; tries++) await sleep(100);
      const stat = statSync(passwordFile);
      expect({ uid: stat.uid, mode: stat.mode & 0o777 }).toEqual({ uid: image.user.uid, mode: 0o600 });
      const [email = '', password = ''] = readFileSync(passwordFile, 'utf8').split('\n');
      const token = await signIn(base, email, password);

      expect(await checkRuns(base, token)).toMatchObject({ status: 'healthy' });
      expect(targetHits).toBeGreaterThan(0);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 300_000);
});
