/**
 * Every history file under `paths` as the workspace takes it (core/eval/workspace.ts): text or a
 * ZIP's bytes, with its hash and the repository its folder's manifest names, as `eval` reads them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { filesOf, repositoryOf } from '../../app/cli/transcripts.js';
import type { WorkspaceFile } from '../../core/eval/workspace.js';
import { isBinarySource } from '../../core/formats/index.js';

export function workspaceFiles(paths: readonly string[]): WorkspaceFile[] {
  return filesOf([...paths]).map(({ file }) => {
    const bytes = readFileSync(file);
    return {
      name: file,
      input: isBinarySource(bytes) ? new Uint8Array(bytes) : bytes.toString('utf8'),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
      repository: repositoryOf(file),
    };
  });
}
