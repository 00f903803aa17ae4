/**
 * The inspector's policy as `compaction-policy.json` (renderer/store/selectors.ts
 * `selectPolicyFile`), over the real store and host: what a run is asked with and the model
 * that answered, so `compact_context --policy` applies the same policy.
 */
import { describe, expect, it } from 'vitest';
import { setupHost } from '../../../app/host/setup.js';
import { applyPolicy, parsePolicyFile, policyFileText } from '../../../core/policies/policyFile.js';
import { parseRequest } from '../../../core/engine/request.js';
import { requestFrom } from '../../../renderer/store/policy.js';
import { selectPolicyFile } from '../../../renderer/store/selectors.js';
import { createHash } from 'node:crypto';
import { exportingStore, settled, storeOver } from './directBridge.js';

describe('the policy file of the inspector', () => {
  it('names the tools, protections, options and the model of the run; read back it gives the same request', async () => {
    const { store } = storeOver(setupHost('web', { env: { DECISION_MODEL_BACKEND: 'offline' }, cwd: '/nonexistent' }));
    expect(await store.getState().openExample()).toBe(true);
    store.getState().setOption('keep_threshold', 0.65);
    await store.getState().startRun();
    await settled(store);
    const state = store.getState();
    const file = parsePolicyFile(policyFileText(selectPolicyFile(state)));
    expect(file.eligible_tool_names).toEqual([...state.eligible].sort());
    expect(file.options.keep_threshold).toBe(0.65);
    expect(file.decision_model?.backend).toBe('offline');
    expect(file.decision_model?.prompt_version).toMatch(/w-/);
    const asked = requestFrom(state);
    const applied = parseRequest(applyPolicy({ messages: state.snapshot?.messages, goal: asked.goal }, file));
    expect(applied.eligible_tool_names).toEqual([...asked.eligible_tool_names].sort());
    expect(applied.protected_message_ids).toEqual([...asked.protected_message_ids].sort());
    expect(applied.options).toEqual(asked.options);
  });

  it('§9 an export names that policy by the hash of its canonical text, as Export policy writes it', async () => {
    const { store, saved } = exportingStore();
    expect(await store.getState().openExample()).toBe(true);
    await store.getState().startRun();
    await settled(store);
    store.getState().setReviewer('Ada Reviewer');
    await store.getState().exportApproved({ as: 'source', report: false });
    const written = policyFileText(selectPolicyFile(store.getState()));
    expect(saved[0].record.policy_sha256).toBe(createHash('sha256').update(written).digest('hex'));
  });
});
