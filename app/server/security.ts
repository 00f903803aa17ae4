/**
 * The web host's gate: loopback only, a per-launch token on every API
 * call, no foreign Host header (DNS rebinding), no cross-origin request (CSRF from any page
 * the user has open). Static files need no token: they are the public renderer bundle.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_HEADER = 'x-inspector-token';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Null when the request may proceed, else why not (status 403). */
export function rejectForeign(req: IncomingMessage, port: number): string | null {
  const hosts = allowedHosts(port);
  if (!hosts.has(req.headers.host ?? '')) return 'foreign Host header';
  const origin = req.headers.origin;
  if (origin !== undefined && !(origin.startsWith('http://') && hosts.has(origin.slice('http://'.length))))
    return 'cross-origin request';
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'cross-site request';
  return null;
}

export function tokenMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers[TOKEN_HEADER];
  const auth = req.headers.authorization;
  const given =
    typeof header === 'string' ? header : typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
