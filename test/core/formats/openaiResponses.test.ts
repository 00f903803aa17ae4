/**
 * SPEC §9 "Sources": OpenAI Responses *response objects* as SDKs record them (vercel/ai's real
 * API recordings in ../shared/formats/openai-responses): items of types the reader does not
 * know (programmatic tool calling's `program`) are kept untouched instead of refusing the file,
 * compaction items and encrypted reasoning are kept and reported, and a call a program made
 * is read as a call.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../core/engine/guards.js';
import { blocksOf } from '../../../core/engine/pairing.js';
import {
  detectFormats,
  exportSource,
  openSource,
  parseSource,
  unchangedProposal,
} from '../../../core/formats/index.js';
import { runTargetChecks } from '../../../core/formats/targets/index.js';
import { sharedSkipReason } from '../../support/shared.js';
import { FIXTURES, fixtureText, FORMATS_DIR } from './support.js';

const text = (name: string) => fixtureText(FIXTURES.find((f) => f.file.endsWith(name)) as (typeof FIXTURES)[number]);

if (!FORMATS_DIR) it.skip(sharedSkipReason('formats'), () => {});

describe.skipIf(!FORMATS_DIR)('Responses response objects', () => {
  it('§9 a Response object holding a program item is read; the program stays untouched', () => {
    const source = text('vercel-ai-programmatic-tool-calling.1.json');
    expect(detectFormats(parseSource(source))[0]).toMatchObject({ format: 'openai-responses', confidence: 0.95 });
    const opened = openSource(source);
    expect(opened.read.notes.kept).toMatch(/^1 program item untouched; the response’s other fields/);
    expect(opened.read.notes.thinking).toBe('1 reasoning item (1 with encrypted_content), written back unchanged');
    const call = opened.read.messages.flatMap(blocksOf).find((b) => b.type === 'tool_call');
    expect(call).toMatchObject({ name: 'getInventory', input: '{"sku":"sku_123"}' });
    // R2: the program's call has no output in this response, so it is never a candidate.
    const analysis = analyze(opened.read.messages, {
      eligibleToolNames: ['getInventory'],
      protectedMessageIds: [],
      protectedCallIds: [],
      preserveRecentMessages: 0,
    });
    expect(analysis.pairs).toHaveLength(0);
    expect(exportSource(opened, unchangedProposal(opened.read.messages))).toBe(source);
    expect(runTargetChecks(opened).every((r) => r.status === 'pass')).toBe(true);
  });

  it('§9 a compaction item and encrypted reasoning are kept and named in the notes', () => {
    const compaction = openSource(text('vercel-ai-openai-compaction.1.json'));
    expect(compaction.read.notes.kept).toMatch(/^1 compaction item untouched/);
    expect(compaction.read.messages.map((m) => m.role)).toEqual(['assistant']);
    const reasoning = openSource(text('vercel-ai-openai-reasoning-encrypted-content.1.json'));
    expect(reasoning.read.notes.thinking).toBe('1 reasoning item (1 with encrypted_content), written back unchanged');
    expect(reasoning.read.messages.flatMap(blocksOf)[0]?.type).toBe('thinking');
  });
});
