/**
 * The built renderer as both hosts serve it — the web host over HTTP (app/server/static.ts),
 * Electron over its private app:// scheme (app/electron/main.ts): the strict CSP, the content
 * types, and which file a URL path may name (never one outside the renderer's folder).
 */
import { extname, join, normalize, sep } from 'node:path';

/**
 * Strict CSP for the renderer: only our own scripts, styles and workers; no framing.
 * `'wasm-unsafe-eval'` lets our own zstd WebAssembly compile (renderer/zstd.ts) and allows no eval.
 */
export const CSP = [
  "default-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

export function contentType(path: string): string {
  return CONTENT_TYPES[extname(path)] ?? 'application/octet-stream';
}

export type RendererPath = { path: string } | { status: 400 | 404; reason: string };

/**
 * The file `pathname` names inside `root` (`/` is index.html). A malformed %-escape is the
 * client's mistake (400), not the host's (decodeURIComponent would throw); a path that
 * normalizes outside `root` is not found (404), whatever escapes it uses.
 */
export function rendererPath(root: string, pathname: string): RendererPath {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 400, reason: 'malformed %-escape in the path' };
  }
  const relative = pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(root, relative));
  if (!full.startsWith(normalize(root + sep)) && full !== normalize(root)) return { status: 404, reason: 'not found' };
  return { path: full };
}
