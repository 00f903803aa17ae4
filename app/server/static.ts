/** Serves the built renderer (dist/renderer) with the strict CSP; never outside that folder. */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { contentType, CSP, rendererPath } from '../host/rendererFiles.js';

/** dist/app/server → dist/renderer */
export function defaultRendererDir(): string {
  return fileURLToPath(new URL('../../renderer/', import.meta.url));
}

export async function serveStatic(root: string, pathname: string, res: ServerResponse): Promise<void> {
  const found = rendererPath(root, pathname);
  if ('status' in found) {
    res
      .writeHead(found.status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' })
      .end(`${found.reason}\n`);
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(found.path);
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
    'content-type': contentType(found.path),
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(body);
}
