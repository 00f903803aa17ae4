/**
 * R15 through the inspector's store, over generated histories: after one run, a changed
 * threshold re-derives every action with no call to the host (so no run.start) and no
 * request to the model, and the result equals a fresh run at that threshold. The store is
 * the real one over the real host handlers (test/renderer/store/directBridge.ts counts every call).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../app/host/setup.js';
import { createDefaultRegistry } from '../../core/engine/backends.js';
import { compactContext } from '../../core/engine/compact.js';
import type { Options } from '../../core/engine/schema.js';
import { createScriptedModel } from '../../core/engine/scripted.js';
import { settled, storeOver } from '../renderer/store/directBridge.js';
import { requestArb, scriptArb, thresholdArb, TOOL_NAMES } from '../support/arbitraries.js';
import { countingModel } from '../support/countingModel.js';

/** Every tool eligible, so most histories have candidates and the model is asked. */
const askingRequestArb = requestArb.map(({ live_from_message_id: _liveFrom, ...request }) => ({
  ...request,
  // Opened as our own messages, which record no compaction of the agent's (§9): no live context start.
  eligible_tool_names: [...TOOL_NAMES],
}));

describe('store properties', () => {
  it('R15 a changed threshold in the store sends no host call and no model request, and equals a fresh run', async () => {
    let runsThatAsked = 0;
    await fc.assert(
      fc.asyncProperty(askingRequestArb, scriptArb, thresholdArb, async (input, script, threshold) => {
        const model = countingModel(createScriptedModel(script));
        const registry = createDefaultRegistry().register('scripted', () => model);
        const setup = setupHost('web', { env: {}, cwd: '/nonexistent', registry });
        const { store, calls } = storeOver(setup);
        const s = () => store.getState();
        expect(await s().openSnapshot({ fileName: 'h.json', text: JSON.stringify(input.messages) })).toBe(true);
        // The policy as a person sets it in the form.
        s().setGoal(input.goal);
        for (const name of input.eligible_tool_names) s().toggleTool(name, true);
        for (const id of input.protected_message_ids) s().protectMessage(id, true);
        for (const id of input.protected_call_ids) s().protectCall(id, true);
        for (const [key, value] of Object.entries(input.options))
          expect(s().setOption(key as keyof Options, value)).toBeNull();
        s().setBackend({ name: 'scripted' });
        await s().startRun();
        expect(s().run.error).toBeNull();
        expect(calls['run.start']).toBe(1);
        const sent = { ...calls };
        const asked = model.count;
        if (asked > 0) runsThatAsked++;

        expect(s().setOption('keep_threshold', threshold)).toBeNull();
        await settled(store);
        expect(calls).toEqual(sent);
        expect(model.count).toBe(asked);

        // The store's markers name the archive of the snapshot (its archive_ref); a fresh run is asked the same.
        const fresh = await compactContext(
          { ...input, archive_ref: s().archiveRef, options: { ...input.options, keep_threshold: threshold } },
          { model: createScriptedModel(script) },
        );
        if (!fresh.success) throw new Error(fresh.answer.error.message);
        const proposal = s().proposal!;
        expect([...proposal.actions.values()]).toEqual(fresh.answer.decisions.map((d) => d.action));
        expect(proposal.charsAfter).toBe(fresh.answer.stats.chars_after);
      }),
      { seed: 42, numRuns: 100 },
    );
    // The model count can only catch a request where the run had candidates to ask about
    // (40 of the 100 seeded cases; guards and protections keep the others).
    expect(runsThatAsked).toBeGreaterThanOrEqual(25);
  });
});
