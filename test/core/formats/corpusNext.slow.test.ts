/**
 * Every file of ../shared/corpus-next (index.json, SOURCES.md) is read, or refused for a reason
 * docs/formats.md gives: detected as its family's format, with the conversations SOURCES.md
 * counts, at least one call, and a no-op export that is the file byte for byte (SPEC §9). Slow
 * tier: 25 files, 21 MB, read whole.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormatId } from '../../../core/formats/index.js';
import { inspectSource } from '../../../core/formats/index.js';
import { REPO_ROOT, sharedSkipReason } from '../../support/shared.js';
import { NEXT_DIR, nextText, tally } from './corpusNext.js';

interface Entry {
  file: string;
  family: string;
  conversations: number;
}

/** The format each family of SOURCES.md is read as. */
const FORMAT_OF: Readonly<Record<string, FormatId>> = {
  'codex-rollout': 'codex-rollout',
  'gemini-cli': 'gemini-cli',
  'intercode results': 'intercode',
  'mini-swe-agent': 'mini-swe-agent',
  'openclaw-session': 'openclaw-session',
  openhands: 'openhands',
  'smolagents GAIA output': 'smolagents-gaia',
  'swe-agent': 'swe-agent',
  'tau-bench results': 'openai-chat',
};

/** Files refused on purpose, each with the reason docs/formats.md gives (none today). */
const REFUSED: Readonly<Record<string, string>> = {};

describe('every file of corpus-next is read', () => {
  if (NEXT_DIR === null) {
    it.skip(sharedSkipReason('corpus-next'), () => {});
    return;
  }
  const index = JSON.parse(readFileSync(join(NEXT_DIR, 'index.json'), 'utf8')) as Entry[];

  it('§9 the index lists 25 files, and every refusal is documented', () => {
    expect(index).toHaveLength(25);
    const docs = readFileSync(join(REPO_ROOT, 'docs/formats.md'), 'utf8');
    for (const reason of Object.values(REFUSED)) expect(docs).toContain(reason);
  });

  for (const entry of index)
    it(`§9 ${entry.file}: read as ${FORMAT_OF[entry.family] ?? entry.family}, no-op export byte-identical`, () => {
      if (entry.file in REFUSED) return void expect(() => inspectSource(nextText(entry.file))).toThrow();
      const text = nextText(entry.file);
      expect(inspectSource(text).format).toBe(FORMAT_OF[entry.family]);
      const found = tally(text);
      expect(found.conversations).toBe(entry.conversations);
      expect(found.calls).toBeGreaterThan(0);
      expect(found.changedByNoop).toEqual([]);
    });
});
