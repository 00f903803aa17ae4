/**
 * Reading transcripts for `eval` and `npm run fit`: every conversation of every file named or
 * found in a folder, in any native format `formats` lists (SPEC §9). Every file goes through
 * the one bounded reader (app/inputFiles.ts): a FIFO or a device in a folder is skipped by its
 * type before a byte is read, and all files together stay within this process's memory budget.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { memoryBudgetBytes } from '../budget.js';
import type { Transcript } from '../../core/eval/transcripts.js';
import { HISTORY_FILE_NAME, transcriptsOf } from '../../core/eval/transcripts.js';
import type { RepositoryManifest } from '../../core/eval/provenance.js';
import { manifestFromIndex, manifestFromSources, repositoryIn } from '../../core/eval/provenance.js';
import type { InspectedSource } from '../../core/formats/index.js';
import { FormatError, inspectSource } from '../../core/formats/index.js';
import { readInputSource, UnreadableFile } from '../inputFiles.js';
import { UsageError } from './args.js';

export type { Transcript } from '../../core/eval/transcripts.js';

/** Files a folder holds that may be histories, recursively, in a stable order (dot folders skipped). */
function historyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      // A symlink to a folder is not followed (no loops); one to a file is read, by its target's type.
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : historyFiles(path);
      return HISTORY_FILE_NAME.test(entry.name) ? [path] : [];
    });
}

interface ReadFile {
  source: InspectedSource;
  sha256: string;
  /** What the file holds of the budget: its bytes, and an .eval's samples inflated. */
  held: number;
}

/** One file read and parsed; throws a one-line Error (UnreadableFile, FormatError or the depth refusal). */
function readHistoryFile(file: string, maxBytes: number): ReadFile {
  const { text, bytes } = readInputSource(file, { maxBytes });
  // A ZIP inflates within what is left of the budget beside its bytes (app/budget.ts).
  const source = inspectSource(text, undefined, { maxInflatedBytes: Math.max(0, maxBytes - bytes.length) });
  // An .eval's samples stay held inflated: they count against the budget of the files after it.
  const doc = source.doc;
  const inflated = doc.kind === 'json' && doc.eval ? doc.eval.samples.reduce((n, s) => n + s.text.length, 0) : 0;
  return { source, sha256: createHash('sha256').update(bytes).digest('hex'), held: bytes.length + inflated };
}

/** Folders above a file searched for a manifest: the shared folders nest their files one deep. */
const MANIFEST_DEPTH = 3;

/** A folder's manifests (provenance.ts), `index.json` before `SOURCES.md`; each folder read once. */
function manifestsOf(dir: string, cache: Map<string, RepositoryManifest[]>): RepositoryManifest[] {
  const cached = cache.get(dir);
  if (cached) return cached;
  const read = (name: string) => {
    try {
      // A manifest is a few kilobytes of text beside the histories; an unreadable one names nothing.
      return statSync(join(dir, name)).isFile() ? readFileSync(join(dir, name), 'utf8') : null;
    } catch {
      return null;
    }
  };
  const index = read('index.json');
  const sources = read('SOURCES.md');
  const manifests = [
    ...(index === null ? [] : [manifestFromIndex(index)]),
    ...(sources === null ? [] : [manifestFromSources(sources)]),
  ];
  cache.set(dir, manifests);
  return manifests;
}

/** The repository the nearest manifest above `file` names it from, or null. */
export function repositoryOf(file: string, cache = new Map<string, RepositoryManifest[]>()): string | null {
  let dir = dirname(file);
  for (let depth = 0; depth < MANIFEST_DEPTH; depth++, dir = dirname(dir)) {
    const path = relative(dir, file).split(sep).join('/');
    for (const manifest of manifestsOf(dir, cache)) {
      const repository = repositoryIn(manifest, path);
      if (repository !== null) return repository;
    }
    if (dirname(dir) === dir) break;
  }
  return null;
}

/** Which files of the whole list to read: those whose index is `index` modulo `count` (`eval --shard`). */
export interface FileSlice {
  index: number;
  count: number;
}

/** Every file the paths name, in reading order, each with whether it was named (not found in a folder). */
export function filesOf(paths: readonly string[]): Array<{ file: string; named: boolean }> {
  return paths.flatMap((path): Array<{ file: string; named: boolean }> => {
    let isDir: boolean;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      throw new UsageError(`${path}: no such file or folder`);
    }
    return isDir ? historyFiles(path).map((file) => ({ file, named: false })) : [{ file: path, named: true }];
  });
}

/** How many files the paths name in all: what shards of one list agree on. */
export function countFiles(paths: readonly string[]): number {
  return filesOf(paths).length;
}

/**
 * Every conversation of every file, in any native format (SPEC §9): a file with several
 * conversations gives one transcript each (`file#key`). Named files must load (exit 2 with one
 * line); a file found in a folder that cannot be read (a FIFO, a device, too large, not UTF-8)
 * or is not a history is skipped with a note naming why, and so are empty conversations and
 * conversations a run would refuse (a call input nested past the depth bound). With `slice`,
 * only the files of that slice are read, so shards of one list never read a file twice.
 */
export function readTranscripts(
  paths: readonly string[],
  warn: (line: string) => void,
  slice: FileSlice = { index: 0, count: 1 },
): Transcript[] {
  const out: Transcript[] = [];
  let left = memoryBudgetBytes();
  const files = filesOf(paths);
  const manifests = new Map<string, RepositoryManifest[]>();
  for (const [fileIndex, { file, named }] of files.entries()) {
    if (fileIndex % slice.count !== slice.index) continue;
    let read: ReadFile;
    try {
      read = readHistoryFile(file, left);
    } catch (error) {
      if (!(error instanceof UnreadableFile || error instanceof FormatError)) throw error;
      const reason = (error instanceof UnreadableFile ? error.detail : error.message).split('\n')[0];
      if (named) throw new UsageError(`${file}: ${reason}`);
      warn(`skipping ${file}: ${reason}`);
      continue;
    }
    left -= read.held;
    const repository = repositoryOf(file, manifests);
    out.push(...transcriptsOf(read.source, { name: file, index: fileIndex, sha256: read.sha256, repository }, warn));
  }
  return out;
}
