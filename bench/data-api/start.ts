import { spawn } from 'node:child_process';
import http from 'node:http';
import { createInterface } from 'node:readline';

/** A data API server in a child process and a keep-alive GET against it. */
export interface DataApiServer {
  port: number;
  /** GETs `/api/db/<path>` with the `Prefer` header; rejects on any status but 200/206. */
  get(path: string, prefer?: string): Promise<void>;
  stop(): void;
}

/**
 * Starts `bench/data-api/server.ts` (the data API alone, open access) on `url` and waits for its port,
 * so benchmarks time real HTTP requests through the real query builder.
 */
export async function startDataApiServer(url: string, sockets = 8): Promise<DataApiServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/data-api/server.ts', url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port)); // server.ts prints {"port": n}
    child.once('exit', (code) => reject(new Error(`data API server exited with ${code}`)));
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const get = (path: string, prefer = '') =>
    new Promise<void>((resolve, reject) => {
      const headers = prefer ? { Prefer: prefer } : {};
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
    get,
    stop: () => {
      agent.destroy();
      child.kill('SIGTERM');
    },
  };
}
