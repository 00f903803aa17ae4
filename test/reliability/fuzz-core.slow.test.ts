/**
 * Generated hostile histories through the real engine. Every case ends in a
 * proposal whose R11/R13/R14 invariants hold or in a stable error code, never a crash, a hang
 * or a changed input. Fixed seed here; `npm run fuzz` raises FUZZ_RUNS.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { historyCaseArb, scriptArb } from './support/arbitraries.js';
import { fuzzRuns, fuzzSeed } from './support/runs.js';
import type { Outcome } from './support/run-case.js';
import { offlineModel, runCase, scriptedModel, tally } from './support/run-case.js';
import { recordFuzz } from './support/record.js';

const RUNS = fuzzRuns(300);

// Bulk work (thousands of cases), not a timing: its budget is generous so a busy machine
// slows it down without failing it (speed is measured by npm run bench, never here).
describe('fuzzing the core with generated histories', { timeout: 180_000 }, () => {
  it('R11 R13 R14 generated histories (both layouts, every state, odd ids and unicode) end in a valid proposal or a stable error', async () => {
    const offline: Outcome[] = [];
    const scripted: Outcome[] = [];
    await fc.assert(
      fc.asyncProperty(historyCaseArb, scriptArb, async (c, script) => {
        const request = {
          messages: c.messages,
          goal: c.goal,
          eligible_tool_names: c.eligible,
          protected_message_ids: c.protectedMessageIds,
          protected_call_ids: c.protectedCallIds,
          archive_ref: c.archiveRef,
          options: c.options,
        };
        offline.push(await runCase(request, offlineModel()));
        scripted.push(await runCase(request, scriptedModel(script)));
      }),
      { seed: fuzzSeed(), numRuns: RUNS },
    );
    const counts = { offline: tally(offline), scripted: tally(scripted) };
    recordFuzz('generated histories', offline.length + scripted.length, counts);
    // The generators must reach real compaction as well as the failure branches.
    expect(counts.offline.compacted ?? 0).toBeGreaterThan(0);
    expect(counts.scripted.compacted ?? 0).toBeGreaterThan(0);
    expect((counts.scripted.invalid_answer ?? 0) + (counts.offline.observation_too_large ?? 0)).toBeGreaterThan(0);
  });
});
