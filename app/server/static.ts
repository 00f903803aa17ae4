/** Serves the built renderer (dist/renderer) with the strict CSP; never outside that folder. */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP } from './security.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** dist/app/server → dist/renderer */
export function defaultRendererDir(): string {
  return fileURLToPath(new URL('../../renderer/', import.meta.url));
}

export async function serveStatic(root: string, pathname: string, res: ServerResponse): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A bad escape is the client's mistake (400), not the host's (the URIError used to make it a 500).
    res
      .writeHead(400, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' })
      .end('malformed %-escape in the path\n');
    return;
  }
  const relative = pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(root, relative));
  if (!full.startsWith(normalize(root + sep)) && full !== normalize(root)) {
    res.writeHead(404).end();
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(full);
  } catch {
    if (pathname === '/') {
      res
        .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
        .end('The renderer is not built: run `npm run build`.\n');
      return;
    }
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[extname(full)] ?? 'application/octet-stream',
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(body);
}
