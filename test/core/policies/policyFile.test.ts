/**
 * The approved policy as a file: what it may hold, how it lies under a request's own fields,
 * and its canonical text (what a host hashes).
 */
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../../core/engine/request.js';
import {
  applyPolicy,
  modelMismatch,
  parsePolicyFile,
  policyFileOf,
  policyFileText,
  PolicyFileError,
} from '../../../core/policies/policyFile.js';

const messages = [{ id: 'm0', role: 'user', content: [{ type: 'text', text: 'start' }] }];

describe('compaction-policy.json', () => {
  it('§5 reads a policy and refuses unknown keys, out-of-range options and unknown versions', () => {
    const policy = parsePolicyFile(
      JSON.stringify({ compaction_policy: 1, eligible_tool_names: ['Read'], options: { keep_threshold: 0.7 } }),
    );
    expect(policy.eligible_tool_names).toEqual(['Read']);
    expect(policy.options).toEqual({ keep_threshold: 0.7 });
    expect(() => parsePolicyFile('{"compaction_policy":1,"threshold":0.7}')).toThrow(/threshold/);
    expect(() => parsePolicyFile('{"compaction_policy":1,"options":{"keep_threshold":1.5}}')).toThrow(/keep_threshold/);
    expect(() => parsePolicyFile('{"compaction_policy":2}')).toThrow(/version 1/);
    expect(() => parsePolicyFile('[1]')).toThrow(PolicyFileError);
    expect(() => parsePolicyFile('{')).toThrow(/not JSON/);
  });

  it('§5 explicit request fields win, and options merge key by key', () => {
    const policy = parsePolicyFile(
      JSON.stringify({
        compaction_policy: 1,
        eligible_tool_names: ['Read', 'Grep'],
        protected_call_ids: ['c9'],
        options: { keep_threshold: 0.7, preserve_recent_messages: 2 },
      }),
    );
    const merged = applyPolicy(
      { messages, goal: 'g', eligible_tool_names: ['Bash'], options: { preserve_recent_messages: 4 } },
      policy,
    );
    const request = parseRequest(merged);
    expect(request.eligible_tool_names).toEqual(['Bash']);
    expect(request.protected_call_ids).toEqual(['c9']);
    expect(request.options.keep_threshold).toBe(0.7);
    expect(request.options.preserve_recent_messages).toBe(4);
    expect(request.options.truncate_head_chars).toBe(300);
  });

  it('§9 drop_receipts: carried by the file, applied under the request, an explicit value winning', () => {
    const policy = parsePolicyFile(JSON.stringify({ compaction_policy: 1, drop_receipts: true }));
    expect(policy.drop_receipts).toBe(true);
    expect(parseRequest(applyPolicy({ messages, goal: 'g' }, policy)).drop_receipts).toBe(true);
    expect(parseRequest(applyPolicy({ messages, goal: 'g', drop_receipts: false }, policy)).drop_receipts).toBe(false);
    expect(
      parseRequest(applyPolicy({ messages, goal: 'g' }, parsePolicyFile('{"compaction_policy":1}'))).drop_receipts,
    ).toBe(false);
    expect(() => parsePolicyFile('{"compaction_policy":1,"drop_receipts":"yes"}')).toThrow(/drop_receipts/);
    // Written only when set, so a policy without it keeps the text (and hash) it had.
    expect(policyFileText(policyFileOf({ drop_receipts: false }))).toContain('"drop_receipts": false');
    expect(policyFileText(policyFileOf({}))).not.toContain('drop_receipts');
    expect(parsePolicyFile(policyFileText(policy))).toEqual(policyFileOf(policy));
  });

  it('R15 the same policy has one text whatever the order it was written in', () => {
    const a = policyFileOf({
      eligible_tool_names: ['Read', 'Grep', 'Read'],
      options: { preserve_recent_messages: 2, keep_threshold: 0.6 },
    });
    const b = parsePolicyFile(
      JSON.stringify({
        options: { keep_threshold: 0.6, preserve_recent_messages: 2 },
        eligible_tool_names: ['Grep', 'Read'],
        compaction_policy: 1,
      }),
    );
    expect(policyFileText(a)).toBe(policyFileText(b));
    expect(parsePolicyFile(policyFileText(a))).toEqual(policyFileOf(a));
  });

  it('names what differs when the model at hand is not the one the policy was tuned with', () => {
    const policy = policyFileOf({ decision_model: { backend: 'offline', prompt_version: 'offline-v1/w-1' } });
    expect(modelMismatch(policy, { backend: 'offline', promptVersion: 'offline-v1/w-1' })).toBeNull();
    expect(modelMismatch(policy, { backend: 'offline', promptVersion: 'offline-v1/w-2' })).toMatch(/w-1, not .*w-2/);
    expect(modelMismatch(policy, { backend: 'openai', model: 'gpt-4o-mini' })).toMatch(/backend offline, not openai/);
    expect(modelMismatch(policyFileOf({}), { backend: 'openai' })).toBeNull();
  });
});
