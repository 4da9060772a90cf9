import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';

/** How the benchmark server authorises: the product's sessions and policy, or none (a labelled second line). */
export type ServerMode = 'session' | 'open';

/** A data API server in a child process and a keep-alive GET against it. */
export interface DataApiServer {
  port: number;
  /** The server process's id (its CPU is /proc/<pid>/stat's). */
  pid: number;
  mode: ServerMode;
  /** The headers every request sends: the viewer's session token in `session` mode. */
  headers: Record<string, string>;
  /** GETs `/api/db/<path>` with the `Prefer` header; rejects on any status but 200/206. */
  get(path: string, prefer?: string): Promise<void>;
  stop(): void;
}

/**
 * Starts `bench/data-api/server.ts` on `url` and waits for its port, so benchmarks time real HTTP requests
 * through the real query builder — with a signed-in viewer's session token and the real access policy
 * (`session`), or the data API alone with the allow-everything policy (`open`).
 */
export async function startDataApiServer(
  url: string,
  sockets = 8,
  mode: ServerMode = 'session',
): Promise<DataApiServer> {
  // MC_BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (node --cpu-prof).
  const profile = process.env.MC_BENCH_CPU_PROF;
  const flags = profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'bench/data-api/server.ts', url, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as { port: number; token: string })); // server.ts prints it
    child.once('exit', (code) => reject(new Error(`data API server exited with ${code}`)));
  });
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const get = (path: string, prefer = '') =>
    new Promise<void>((resolve, reject) => {
      const headers = prefer ? { ...auth, Prefer: prefer } : auth;
      const req = http.get({ host: '127.0.0.1', port, path: `/api/db/${path}`, agent, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 || res.statusCode === 206
            ? resolve()
            : reject(new Error(`HTTP ${res.statusCode} for ${path}`)),
        );
      });
      req.on('error', reject);
    });
  return {
    port,
    pid: child.pid ?? 0,
    mode,
    headers: auth,
    get,
    stop: () => {
      agent.destroy();
      child.kill('SIGTERM');
    },
  };
}
