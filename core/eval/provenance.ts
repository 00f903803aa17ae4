/**
 * Which public repository a transcript file came from, as the folder's own manifest says:
 * `index.json` (an array of `{file, repo}`, as ../shared/corpus and ../shared/corpus-next
 * write it) or `SOURCES.md` (a `### \`path\`` heading per file, then a `**Source:**` line with
 * the repository's GitHub address, or "same repository" for the one named just before, as
 * ../shared/formats writes it). Cross-validation holds a repository's conversations out
 * together (crossval.ts): runs of one agent on one benchmark resemble each other, and a split
 * between them would test on what it trained on.
 */

/** Paths relative to the manifest's folder, with `/`; a name written `…-tail.json` matches by its tail. */
export interface RepositoryManifest {
  exact: ReadonlyMap<string, string>;
  tails: ReadonlyArray<{ folder: string; tail: string; repository: string }>;
}

const EMPTY: RepositoryManifest = { exact: new Map(), tails: [] };

/** `owner/name`, lower-cased: GitHub names are case-insensitive, and two manifests may spell one differently. */
const repositoryName = (owner: string, name: string) => `${owner}/${name.replace(/\.git$/, '')}`.toLowerCase();

/** An `index.json` manifest; anything else (not JSON, not an array of entries) names nothing. */
export function manifestFromIndex(text: string): RepositoryManifest {
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(entries)) return EMPTY;
  const exact = new Map<string, string>();
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { file, repo } = entry as { file?: unknown; repo?: unknown };
    const parts = typeof repo === 'string' ? repo.split('/') : [];
    if (typeof file === 'string' && parts.length === 2 && parts.every((p) => p !== ''))
      exact.set(file, repositoryName(parts[0], parts[1]));
  }
  return { exact, tails: [] };
}

const GITHUB = /https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)/;

/** A `SOURCES.md` manifest: each `###` heading's backticked paths get the repository of its `**Source:**` line. */
export function manifestFromSources(markdown: string): RepositoryManifest {
  const exact = new Map<string, string>();
  const tails: Array<{ folder: string; tail: string; repository: string }> = [];
  let names: string[] = [];
  let previous: string | null = null;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('#')) {
      names = line.startsWith('### ') ? [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]) : [];
      continue;
    }
    if (names.length === 0 || !line.includes('**Source:**')) continue;
    const address = GITHUB.exec(line);
    const repository: string | null = address
      ? repositoryName(address[1], address[2])
      : /same repository/i.test(line)
        ? previous
        : null;
    if (repository === null) continue;
    previous = repository;
    const first = names[0];
    const folder = first.includes('/') ? first.slice(0, first.lastIndexOf('/') + 1) : '';
    for (const name of names) {
      if (name.startsWith('…')) tails.push({ folder, tail: name.slice(1), repository });
      else exact.set(name, repository);
    }
    names = [];
  }
  return { exact, tails };
}

/** The repository `path` (relative to the manifest's folder, `/`-separated) came from, or null. */
export function repositoryIn(manifest: RepositoryManifest, path: string): string | null {
  const exact = manifest.exact.get(path);
  if (exact !== undefined) return exact;
  const tail = manifest.tails.find(
    (t) => path.startsWith(t.folder) && path.endsWith(t.tail) && !path.slice(t.folder.length).includes('/'),
  );
  return tail?.repository ?? null;
}
