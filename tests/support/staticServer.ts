/**
 * A tiny static server on 127.0.0.1 for the browser tests: the right MIME
 * types (so a .wasm compiles while streaming), no caching, nothing outside the
 * folder, and each mount below its own prefix with its own response headers
 * (the cross-origin isolation headers, say).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves `folder` below each prefix of `mounts` (which start and end with '/'), with that mount's headers. */
export function serveFolder(folder: string, mounts: Record<string, Record<string, string>>): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    let file = '';
    const under = Object.keys(mounts).find((prefix) => path.startsWith(prefix));
    if (under) {
      const inside = path.slice(under.length);
      file = normalize(join(folder, inside === '' || inside.endsWith('/') ? `${inside}index.html` : inside));
      if (!file.startsWith(folder + sep) || !existsSync(file) || !statSync(file).isFile()) file = '';
    }
    if (request.method !== 'GET' || !file || !under) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': mime[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...mounts[under] });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The server's origin, as http://127.0.0.1:port. */
export function originOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
