/**
 * The restore server's files (SPEC §9 "Restore server"): names looked up only inside the
 * `--archive-dir` roots (core/restore/names.ts decides what a name may be; here a symlink that
 * leads out of its root is caught by its real path), an archive read only when its bytes still
 * hash to the prefix in its name, and kept parsed between calls in a cache bounded by count and
 * by bytes. An archive is UTF-8 text, or a ZIP (an Inspect `.eval` log, whose export writes the
 * original `.eval` as its archive) handed to core as bytes (core/formats/bytes.ts); its
 * conversations are then the log's samples. Every refusal is a ToolError: one sentence the agent
 * can act on.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { InspectedSource, SourceInput } from '../../core/formats/index.js';
import { FormatError, inspectSource, isBinarySource, openConversation } from '../../core/formats/index.js';
import { archiveHashPrefix, clip, refusedName } from '../../core/restore/names.js';
import type { ResultIndex } from '../../core/restore/results.js';
import { indexResults } from '../../core/restore/results.js';
import { inflateBudgetBytes, memoryBudgetBytes } from '../budget.js';
import { strictUtf8 } from '../host/errors.js';

/** A bad argument or a refused file, as the one sentence the tool result carries (isError). */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

export interface LoadedArchive {
  path: string;
  sha256: string;
  bytes: number;
  mtimeMs: number;
  /** What core reads: the text (without a byte-order mark), or the bytes of a ZIP archive. */
  content: SourceInput;
  source: InspectedSource;
  /** Per conversation key, its results by call id: built on first use. */
  indexes: Map<string, ResultIndex>;
}

/** The parsed archives kept between calls: at most this many, holding at most this many bytes. */
export const CACHE_MAX_ARCHIVES = 8;
export const CACHE_MAX_BYTES = 256 * 1024 * 1024;

export class ArchiveStore {
  private readonly cache = new Map<string, LoadedArchive>();
  private readonly loading = new Map<string, Promise<LoadedArchive>>();

  /** `roots`: absolute real paths (archiveRootsOf). */
  constructor(
    readonly roots: readonly string[],
    private readonly limits = { archives: CACHE_MAX_ARCHIVES, bytes: CACHE_MAX_BYTES },
  ) {}

  /** The real path of `name` inside the first root that holds it. */
  async locate(key: string, name: string): Promise<string> {
    const refused = refusedName(key, name);
    if (refused !== null) throw new ToolError(refused);
    for (const root of this.roots) {
      let real: string;
      try {
        real = await realpath(resolve(root, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw new ToolError(
          `${key} "${clip(name)}" cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
        );
      }
      if (!isInside(root, real))
        throw new ToolError(
          `${key} "${clip(name)}" is a link that leads out of its --archive-dir folder; it is not read.`,
        );
      return real;
    }
    const where =
      this.roots.length === 1
        ? `the archive folder ${this.roots[0]}`
        : `any of the archive folders ${this.roots.join(', ')}`;
    throw new ToolError(`${key} "${clip(name)}" is not in ${where}.`);
  }

  /**
   * An archive by name, checked against the SHA-256 prefix in its name (and `sha256` when the
   * caller knows it whole) before a byte of it is decoded or parsed: a file that only looks like
   * an archive (a `.env` hard-linked under an archive's name) is refused unread.
   */
  async archive(name: string, sha256?: string): Promise<LoadedArchive> {
    const path = await this.locate('archive', name);
    const expected: ExpectedHash = { prefix: archiveHashPrefix(name), sha256 };
    if (expected.prefix === null && sha256 === undefined)
      throw new ToolError(
        `archive "${clip(name)}" is not named by its SHA-256 (NAME.<16 hex digits>.EXT, as an export writes it); only archives are read.`,
      );
    const info = await fileInfo('archive', name, path);
    const cached = this.cache.get(path);
    let loaded: LoadedArchive;
    if (cached && cached.bytes === info.size && cached.mtimeMs === info.mtimeMs) {
      checkHash(name, cached.sha256, expected);
      loaded = cached;
    } else {
      // Loads in flight are shared only by callers expecting the same hash, so each is refused by its own name.
      const key = `${path}\0${expected.prefix ?? ''}\0${sha256 ?? ''}`;
      let pending = this.loading.get(key);
      if (!pending) {
        pending = this.load(name, path, expected);
        this.loading.set(key, pending);
        void pending.finally(() => this.loading.delete(key)).catch(() => undefined);
      }
      loaded = await pending;
    }
    this.remember(loaded);
    return loaded;
  }

  /** The text of an audit record by name, inside the roots. */
  async auditText(name: string): Promise<{ path: string; text: string; folder: string }> {
    const path = await this.locate('audit', name);
    await fileInfo('audit', name, path);
    const text = strictUtf8(await readFile(path), `audit "${clip(name)}"`, (m) => new ToolError(`${m}.`));
    return { path, text, folder: dirname(name) };
  }

  /** The results of one conversation of an archive, by call id. */
  index(archive: LoadedArchive, conversation: string): ResultIndex {
    let index = archive.indexes.get(conversation);
    if (!index) {
      try {
        index = indexResults(openConversation(archive.source, conversation).read.messages);
      } catch (error) {
        if (error instanceof FormatError) throw new ToolError(`${firstSentence(error.message)}.`);
        throw error;
      }
      archive.indexes.set(conversation, index);
    }
    return index;
  }

  private async load(name: string, path: string, expected: ExpectedHash): Promise<LoadedArchive> {
    const info = await fileInfo('archive', name, path);
    const buffer = await readFile(path);
    const sha256 = createHash('sha256').update(buffer).digest('hex');
    checkHash(name, sha256, expected);
    let content: SourceInput;
    if (isBinarySource(buffer)) content = buffer;
    else {
      const decoded = strictUtf8(buffer, `archive "${clip(name)}"`, (m) => new ToolError(`${m}.`));
      content = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
    }
    let source: InspectedSource;
    try {
      // A ZIP inflates within what the heap rule leaves beside its bytes (app/budget.ts).
      source = inspectSource(content, undefined, { maxInflatedBytes: inflateBudgetBytes(buffer.length) });
    } catch (error) {
      // A size refusal is our own sentence (sizes only), so it is given whole; any other reason by its
      // code only, since a parser's message quotes the file's first characters.
      if (error instanceof FormatError && error.reason === 'too_large')
        throw new ToolError(`archive "${clip(name)}" does not read as a history: ${error.message}.`);
      if (error instanceof FormatError)
        throw new ToolError(`archive "${clip(name)}" does not read as a history (${error.reason}); it is not read.`);
      throw error;
    }
    return { path, sha256, bytes: buffer.length, mtimeMs: info.mtimeMs, content, source, indexes: new Map() };
  }

  private remember(archive: LoadedArchive): void {
    this.cache.delete(archive.path);
    if (archive.bytes > this.limits.bytes) return;
    this.cache.set(archive.path, archive);
    let total = 0;
    for (const entry of this.cache.values()) total += entry.bytes;
    for (const [path, entry] of this.cache) {
      if (this.cache.size <= this.limits.archives && total <= this.limits.bytes) break;
      this.cache.delete(path);
      total -= entry.bytes;
    }
  }

  /** What the cache holds, most recently used last (for tests and the latency figures). */
  cached(): string[] {
    return [...this.cache.keys()];
  }
}

/** The roots as absolute real paths; a missing folder is refused before the server starts. */
export async function archiveRootsOf(dirs: readonly string[]): Promise<string[]> {
  const roots: string[] = [];
  for (const dir of dirs) {
    try {
      const real = await realpath(resolve(dir));
      if (!(await stat(real)).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
      roots.push(real);
    } catch (error) {
      throw new Error(`--archive-dir: ${dir} is not a folder (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  return roots;
}

/** What an archive's bytes must hash to: the prefix in its name, and the whole hash its audit record names. */
interface ExpectedHash {
  prefix: string | null;
  sha256: string | undefined;
}

/** SPEC §9: an archive whose bytes do not hash to what its name (or its record) says is refused, its content unquoted. */
function checkHash(name: string, sha256: string, expected: ExpectedHash): void {
  if (expected.prefix !== null && !sha256.startsWith(expected.prefix))
    throw new ToolError(
      `archive "${clip(name)}" does not match the SHA-256 in its name (its bytes hash to ${sha256.slice(0, expected.prefix.length)}…); it was changed after the export, or is not an archive, and is not read.`,
    );
  if (expected.sha256 !== undefined && sha256 !== expected.sha256)
    throw new ToolError(`archive "${clip(name)}" does not match the SHA-256 its audit record names; it is not read.`);
}

async function fileInfo(key: string, name: string, path: string): Promise<{ size: number; mtimeMs: number }> {
  const info = await stat(path);
  if (!info.isFile()) throw new ToolError(`${key} "${clip(name)}" is not a file.`);
  const budget = memoryBudgetBytes();
  if (info.size > budget)
    throw new ToolError(
      `${key} "${clip(name)}" is ${Math.ceil(info.size / 2 ** 20)} MB, more than this server's memory budget (${Math.floor(budget / 2 ** 20)} MB).`,
    );
  return { size: info.size, mtimeMs: info.mtimeMs };
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function firstSentence(message: string): string {
  return message.split('\n')[0].replace(/\.$/, '');
}
