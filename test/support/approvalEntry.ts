/** A schema-valid pending proposal for the approval queue's tests (core/approvals/entry.ts). */
import type { ApprovalEntry } from '../../core/approvals/entry.js';
import { ApprovalEntrySchema } from '../../core/approvals/entry.js';
import { parseRequest } from '../../core/engine/request.js';

export function sampleEntry(overrides: Partial<ApprovalEntry> = {}): ApprovalEntry {
  const { messages: _messages, ...request } = parseRequest({ messages: [], goal: 'Fix payment retries' });
  return ApprovalEntrySchema.parse({
    approval_entry: 1,
    id: 'mx0abc12-1a2b3c4d',
    created_at: '2026-12-05T10:00:00.000Z',
    agent: 'claude-code',
    project: '/home/ada/payments',
    session_id: '0b8c2f5e-1111-4222-8333-444455556666',
    transcript_path: '/home/ada/.claude/projects/-home-ada-payments/0b8c2f5e-1111-4222-8333-444455556666.jsonl',
    trigger: 'auto',
    original: { name: 'session.jsonl', sha256: 'a'.repeat(64), bytes: 1000 },
    request,
    policy: null,
    outcome: {
      backend: 'offline',
      model: null,
      decisions: [
        {
          pair_id: 'p1',
          call_id: 'c1',
          tool_name: 'Read',
          action: 'drop_call',
          reason: 'not_needed',
          keep_call: 0.1,
          keep_result: 0.2,
        },
        {
          pair_id: 'p2',
          call_id: 'c2',
          tool_name: 'Read',
          action: 'keep',
          reason: 'protected_call_id',
          keep_call: null,
          keep_result: null,
        },
      ],
      stats: {
        messages_before: 10,
        messages_after: 8,
        chars_before: 1000,
        chars_after: 600,
        candidates: 1,
        protected: 1,
        ineligible: 0,
        observation_tokens: 50,
        fitting_stage: 0,
        requests: 1,
        usage: null,
        elapsed_ms: 5,
      },
    },
    waits_until: '2026-12-05T10:05:00.000Z',
    auto_apply: { margin: null, undecided: 1 },
    ...overrides,
  });
}
