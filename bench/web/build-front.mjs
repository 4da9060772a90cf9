import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=UTF-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** The file of `dist` a request path names, or undefined. */
function fileOf(dist, pathname) {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = join(dist, path);
  return path !== '/' && existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/**
 * A front for one build of the console (ab.mjs): its files from `dist` (the build's brotli copy when the
 * browser accepts it, as the server sends them), index.html for a page navigation, and every other request
 * (the API, sign-in) passed unchanged to the real server at `upstream`. Resolves to { url, close }.
 */
export function serveBuild(dist, upstream) {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front');
    const navigation =
      req.method === 'GET' && !url.pathname.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html');
    const file =
      req.method === 'GET' ? (navigation ? join(dist, 'index.html') : fileOf(dist, url.pathname)) : undefined;
    if (file) {
      const brotli = (req.headers['accept-encoding'] ?? '').includes('br') && existsSync(`${file}.br`);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': navigation ? 'no-store' : 'public, max-age=31536000, immutable',
        ...(brotli ? { 'Content-Encoding': 'br' } : {}),
      });
      createReadStream(brotli ? `${file}.br` : file).pipe(res);
      return;
    }
    const forward = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(done);
          }),
      });
    });
  });
}
