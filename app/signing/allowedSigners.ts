/**
 * git's and ssh-keygen's allowed-signers file (ssh-keygen(1) "ALLOWED SIGNERS"): one key per
 * line, `principals [options] keytype base64 [comment]`, `#` comments; principals and the
 * `namespaces=` option are pattern-lists (ssh_config(5) PATTERNS: `*`, `?`, `!` negation);
 * `valid-after=`/`valid-before=` bound when the key may sign; `cert-authority` lines trust
 * certificates, which audit signatures never are, so they match nothing here. Who signed is
 * the principals of every line holding the signature's key that allows the namespace now.
 */
import type { SshPublicKey } from './sshKey.js';

export interface AllowedSigner {
  /** The principals field as written, and its patterns. */
  principals: string;
  patterns: string[];
  namespaces: string[] | null;
  validAfter: Date | null;
  validBefore: Date | null;
  certAuthority: boolean;
  keyType: string;
  /** The key blob, base64 as written. */
  key: string;
  line: number;
}

/** A line the file cannot be read at; exit 2 (bad input), with the line. */
export class AllowedSignersError extends Error {
  readonly code = 'invalid_input';
  constructor(message: string) {
    super(message);
    this.name = 'AllowedSignersError';
  }
}

const KEY_TYPE = /^(ssh-(ed25519|rsa|dss)|ecdsa-sha2-[a-z0-9-]+|sk-[a-z0-9@.-]+|[a-z0-9-]+-cert-v01@openssh\.com)$/;

/** Space-separated fields, a double-quoted stretch kept whole (quotes kept, for the options' own split). */
function fields(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (const ch of line) {
    if (ch === '"') {
      quoted = !quoted;
      current += ch;
      started = true;
    } else if (!quoted && (ch === ' ' || ch === '\t')) {
      if (started) out.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (quoted) throw new Error('an unclosed quote');
  if (started) out.push(current);
  return out;
}

/** Comma-separated options; a quoted value may hold commas. */
function options(text: string): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (const part of text.match(/(?:[^,"]|"[^"]*")+/g) ?? []) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).toLowerCase();
    out.set(name, eq < 0 ? true : part.slice(eq + 1).replace(/^"|"$/g, ''));
  }
  return out;
}

/** `YYYYMMDD[HHMM[SS]][Z]`: UTC with `Z`, else local time, as ssh-keygen reads it. */
function timestamp(value: string, name: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?(Z?)$/i.exec(value);
  if (!m) throw new Error(`${name}="${value}" is not YYYYMMDD[HHMM[SS]][Z]`);
  const [, y, mo, d, h = '0', mi = '0', s = '0', z] = m;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  return z ? new Date(Date.UTC(...parts)) : new Date(...parts);
}

export function parseAllowedSigners(text: string, path: string): AllowedSigner[] {
  const out: AllowedSigner[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    try {
      const f = fields(line);
      const withOptions = f.length > 2 && !KEY_TYPE.test(f[1]);
      const [quotedPrincipals, opts, keyType, key] = withOptions ? f : [f[0], '', f[1], f[2]];
      const principals = quotedPrincipals?.replace(/"/g, '');
      if (!principals || !keyType || !KEY_TYPE.test(keyType) || !key || !/^[A-Za-z0-9+/]+={0,2}$/.test(key))
        throw new Error('expected principals, [options,] a key type and a base64 key');
      const o = options(opts ?? '');
      const ns = o.get('namespaces');
      const after = o.get('valid-after');
      const before = o.get('valid-before');
      out.push({
        principals,
        patterns: principals.split(','),
        namespaces: typeof ns === 'string' ? ns.split(',') : null,
        validAfter: typeof after === 'string' ? timestamp(after, 'valid-after') : null,
        validBefore: typeof before === 'string' ? timestamp(before, 'valid-before') : null,
        certAuthority: o.has('cert-authority'),
        keyType,
        key,
        line: i + 1,
      });
    } catch (error) {
      throw new AllowedSignersError(`${path}:${i + 1}: not an allowed-signers line: ${(error as Error).message}`);
    }
  });
  return out;
}

/** ssh_config(5) pattern: `*` any run, `?` one character. */
function matches(pattern: string, text: string): boolean {
  const re = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${re}$`, 's').test(text);
}

/** A pattern-list: some pattern matches and no negated one does. */
export function matchesList(patterns: readonly string[], text: string): boolean {
  let found = false;
  for (const p of patterns) {
    if (p.startsWith('!')) {
      if (matches(p.slice(1), text)) return false;
    } else if (matches(p, text)) found = true;
  }
  return found;
}

export type SignerLookup =
  | { ok: true; principals: string[] }
  /** The key is not there, or every line holding it refuses (namespace, validity, certificate only). */
  | { ok: false; reason: string };

/** The principals `key` may sign `namespace` for at `now`, by the allowed signers. */
export function findPrincipals(
  signers: readonly AllowedSigner[],
  key: SshPublicKey,
  namespace: string,
  now: Date = new Date(),
): SignerLookup {
  const blob = key.blob.toString('base64');
  const holding = signers.filter((s) => s.keyType === key.type && s.key.replace(/=+$/, '') === blob.replace(/=+$/, ''));
  if (holding.length === 0) return { ok: false, reason: 'its key is not in the allowed signers' };
  const refusals: string[] = [];
  const principals: string[] = [];
  for (const s of holding) {
    if (s.certAuthority) refusals.push(`line ${s.line} trusts it only as a certificate authority`);
    else if (s.namespaces !== null && !matchesList(s.namespaces, namespace))
      refusals.push(`line ${s.line} (${s.principals}) does not allow namespace ${namespace}`);
    else if (s.validAfter !== null && now < s.validAfter)
      refusals.push(`line ${s.line} (${s.principals}) is valid only after ${s.validAfter.toISOString()}`);
    else if (s.validBefore !== null && now >= s.validBefore)
      refusals.push(`line ${s.line} (${s.principals}) expired at ${s.validBefore.toISOString()}`);
    else principals.push(s.principals);
  }
  return principals.length > 0 ? { ok: true, principals } : { ok: false, reason: refusals.join('; ') };
}
