/**
 * Invariants of every peer policy over generated histories, with a fixed seed: a peer only acts
 * on candidates (R3–R5), keeps every guarded pair with its guard as the reason, decides every
 * well-formed pair once (§6), and its proposal rebuilds into a history that obeys R13/R14 and
 * never grows, whatever its parameters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest, policyOf } from '../../core/engine/compact.js';
import { analyze } from '../../core/engine/guards.js';
import { rebuild } from '../../core/engine/rebuild.js';
import { PEER_IDS, proposePeer } from '../../core/policies/peers/index.js';
import { requestArb } from '../support/arbitraries.js';
import { proposalProblems } from '../support/invariants.js';

const RUNS = { seed: 42, numRuns: 400 };

/** Small values so that triggers, keeps and thresholds are crossed by generated histories. */
const paramsArb = fc.record({
  trigger: fc.integer({ min: 0, max: 400 }),
  keep: fc.integer({ min: 0, max: 4 }),
  clear_at_least: fc.integer({ min: 0, max: 200 }),
  clear_tool_inputs: fc.boolean(),
  keep_recent: fc.integer({ min: 0, max: 4 }),
  compactable_tools: fc.constantFrom(null, ['read_file', 'shell'], ['Read', 'Bash']),
  protect_tokens: fc.integer({ min: 0, max: 200 }),
  minimum_tokens: fc.integer({ min: 0, max: 200 }),
  threshold: fc.integer({ min: 1, max: 200 }),
  m: fc.integer({ min: 0, max: 4 }),
});

const PARAMS_OF = {
  clear_tool_uses: ['trigger', 'keep', 'clear_at_least', 'clear_tool_inputs'],
  microcompact: ['keep_recent', 'compactable_tools'],
  opencode_prune: ['protect_tokens', 'minimum_tokens'],
  langchain_clear_tool_uses: ['trigger', 'keep', 'clear_at_least', 'clear_tool_inputs'],
  gemini_truncation: ['threshold'],
  masking: ['m'],
} as const;

describe('peer policy properties', () => {
  it('R3 R13 R14 §6 every peer acts on candidates only, decides each pair once, and never grows the history', () => {
    const cleared = new Map<string, number>();
    fc.assert(
      fc.property(requestArb, paramsArb, fc.constantFrom(...PEER_IDS), (input, all, id) => {
        const request = parseRequest(input);
        const analysis = analyze(input.messages, policyOf(request));
        const params = Object.fromEntries(PARAMS_OF[id].map((key) => [key, all[key]]));
        const peer = proposePeer(id, { messages: input.messages, analysis }, params);
        expect(peer.decisions.map((d) => d.pair_id)).toEqual(analysis.pairs.map((p) => p.pairId));
        expect([...peer.actions.keys()].sort()).toEqual(analysis.candidates.map((p) => p.pairId).sort());
        for (const pair of analysis.pairs) {
          const d = peer.decisions.find((x) => x.pair_id === pair.pairId)!;
          if (pair.guard !== null) expect([d.action, d.reason]).toEqual(['keep', pair.guard]);
          else expect(d.action).toBe(peer.actions.get(pair.pairId));
          if (!peer.fired) expect(d.action).toBe('keep');
        }
        const options = {
          truncateHeadChars: peer.truncation?.head ?? request.options.truncate_head_chars,
          truncateTailChars: peer.truncation?.tail ?? request.options.truncate_tail_chars,
          archiveRef: request.archive_ref,
        };
        const rebuilt = rebuild(input.messages, analysis.pairs, peer.actions, options);
        expect(proposalProblems(input.messages, rebuilt.messages, analysis, peer.decisions)).toEqual([]);
        expect(JSON.stringify(rebuilt.messages).length).toBeLessThanOrEqual(JSON.stringify(input.messages).length);
        if (peer.decisions.some((d) => d.reason === 'peer_cleared')) cleared.set(id, (cleared.get(id) ?? 0) + 1);
      }),
      RUNS,
    );
    // The generator must make every peer clear something somewhere, or the invariants hold vacuously.
    expect([...cleared.keys()].sort()).toEqual([...PEER_IDS].sort());
  });
});
