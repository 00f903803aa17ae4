/**
 * Approval inside the agent's loop (SPEC §9 "the host decides whether to apply it"), with the real
 * Claude Code (2.1) against a fake Anthropic API on 127.0.0.1: `install claude-code` puts our
 * PreCompact hook in the project's settings; `/compact` fires it; the proposal reaches the queue
 * that `serve`'s host API lists; an approval through that API applies it and Claude Code's next
 * request, in the approved session, carries the approved history. A rejection leaves Claude
 * Code's own compaction as it was; only the policy's explicit rule applies without a person.
 * Claude Code is installed on demand by .ci/run (test/support/claudeCode.ts); without it the
 * suite skips with one line.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalDecision, ApprovalEntry, ApprovalSummary } from '../../core/approvals/entry.js';
import { ensureBuilt, runCli } from '../app/cli/support.js';
import { claudeCodeBin, claudeCodeSkipReason, projectFolderName, runClaude } from '../support/claudeCode.js';
import type { ResumeResult } from '../support/claudeCode.js';
import { sharedPath, sharedSkipReason } from '../support/shared.js';
import type { FakeAnthropic, MessagesRequest } from './fakeAnthropic.js';
import { startFakeAnthropic } from './fakeAnthropic.js';
import { setupHost } from '../../app/host/setup.js';
import type { WebHost } from '../../app/server/http.js';
import { startWebHost } from '../../app/server/http.js';

const BIN = claudeCodeBin();
const FORMATS = sharedPath('formats');
const SESSION = join(FORMATS ?? '', 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl');
/** What Claude Code's own compaction asks the model for: its summary prompt. */
const SUMMARY_PROMPT = 'Respond with TEXT ONLY';
const TOKEN = 'interop-token';

type Json = Record<string, unknown>;

/** Every tool_use id a request sends. */
function callIdsOf(request: MessagesRequest): Set<string> {
  const ids = new Set<string>();
  for (const message of request.messages ?? [])
    if (Array.isArray(message.content))
      for (const block of message.content) if (block.type === 'tool_use') ids.add(block.id as string);
  return ids;
}

function asksForSummary(request: MessagesRequest): boolean {
  return JSON.stringify(request.messages?.at(-1) ?? null).includes(SUMMARY_PROMPT);
}

describe.skipIf(BIN === null || FORMATS === null)(
  `the approval queue with the real Claude Code ${BIN === null ? claudeCodeSkipReason() : FORMATS === null ? sharedSkipReason('formats') : ''}`,
  () => {
    let home: string;
    let project: string;
    let sessions: string;
    let fake: FakeAnthropic;
    let host: WebHost;

    async function api<T>(channel: string, body: Json = {}): Promise<T> {
      const response = await fetch(`http://127.0.0.1:${host.port}/api/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-inspector-token': TOKEN },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { result?: T; error?: { message: string } };
      if (!response.ok) throw new Error(`${channel}: ${json.error?.message}`);
      return json.result as T;
    }

    /** The live session as Claude Code keeps it: the shared session under a fresh id, in the project's folder. */
    function seedSession(): string {
      const id = randomUUID();
      const lines = readFileSync(SESSION, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '');
      const text = lines
        .map((line) => {
          const record = JSON.parse(line) as Json;
          if ('sessionId' in record) record.sessionId = id;
          if ('cwd' in record) record.cwd = project;
          return JSON.stringify(record);
        })
        .join('\n');
      writeFileSync(join(sessions, `${id}.jsonl`), `${text}\n`);
      return id;
    }

    function claude(args: string[]): Promise<ResumeResult> {
      return runClaude(BIN as string, args, { cwd: project, home, baseUrl: fake.url, timeoutMs: 120_000 });
    }

    function writePolicy(policy: Json): void {
      writeFileSync(
        join(project, '.claude', 'compaction-policy.json'),
        JSON.stringify({ compaction_policy: 1, ...policy }),
      );
    }

    /** The pending proposal for `sessionId`, once the hook has put it in the queue. */
    async function pendingFor(sessionId: string): Promise<ApprovalSummary> {
      for (let i = 0; i < 600; i++) {
        const { entries } = await api<{ entries: ApprovalSummary[] }>('approvals.list');
        const found = entries.find((e) => e.session_id === sessionId && e.state === 'pending');
        if (found) return found;
        await new Promise((done) => setTimeout(done, 100));
      }
      throw new Error(`no proposal for session ${sessionId} reached the queue within 60 s`);
    }

    beforeAll(async () => {
      ensureBuilt();
      home = mkdtempSync(join(tmpdir(), 'claude-approval-'));
      project = join(home, 'project');
      mkdirSync(project);
      sessions = join(home, '.claude', 'projects', projectFolderName(project));
      mkdirSync(sessions, { recursive: true });
      fake = await startFakeAnthropic(() => [{ type: 'text', text: 'Understood.' }]);
      // The hook runs with Claude Code's HOME: the queue is the one in that HOME's state folder.
      const setup = setupHost('web', {
        env: { HOME: home },
        queueDir: join(home, '.local/state/compaction-inspector/approvals'),
      });
      host = await startWebHost({ token: TOKEN, setup });
      const installed = await runCli(['install', 'claude-code', '--project'], { cwd: project, env: { HOME: home } });
      expect(installed.code, installed.stderr).toBe(0);
    });

    afterAll(async () => {
      await host?.close();
      await fake?.close();
      if (home) rmSync(home, { recursive: true, force: true });
    });

    it('§9 an approval through the host API applies the proposal, and the resumed session sends the approved history', async () => {
      writePolicy({ approval_wait_seconds: 90 });
      const sessionId = seedSession();
      const requestsBefore = fake.requests.length;
      const compacting = claude(['--resume', sessionId, '-p', '/compact']);
      const pending = await pendingFor(sessionId);
      expect(pending.trigger).toBe('manual');
      expect(pending.chars_after).toBeLessThan(pending.chars_before as number);
      const { entry } = await api<{ entry: ApprovalEntry }>('approvals.open', { id: pending.id });
      const dropped = entry.outcome.decisions.filter((d) => d.action === 'drop_call');
      expect(dropped.length).toBeGreaterThan(1);
      // The person keeps one call the model would drop: the override is what gets applied.
      const kept = dropped[0].pair_id;
      const decision = await api<ApprovalDecision>('approvals.decide', {
        id: pending.id,
        verdict: 'approve',
        threshold: entry.request.options.keep_threshold,
        overrides: { [kept]: 'keep' },
        reviewer: 'interop reviewer',
      });
      expect(decision.verdict).toBe('approved');
      const result = await compacting;
      // Blocked with the way back: Claude Code's own summary never ran.
      expect(result.stdout).toContain('Compaction blocked by PreCompact hook');
      expect(result.stdout).toContain(decision.applied?.session.session_id);
      expect(fake.requests.slice(requestsBefore).some(asksForSummary)).toBe(false);
      // The archive, the audit record and the restore server for the project.
      for (const path of [decision.applied?.archive, decision.applied?.audit, decision.applied?.snapshot])
        expect(existsSync(path as string)).toBe(true);
      expect(readFileSync(join(project, '.mcp.json'), 'utf8')).toContain('compaction-inspector');
      const audit = JSON.parse(readFileSync(decision.applied?.audit as string, 'utf8')) as Json;
      expect(JSON.stringify(audit)).toContain('interop reviewer');

      const resumedFrom = fake.requests.length;
      const resumed = await claude(['--resume', decision.applied?.session.session_id as string, '-p', 'next step']);
      expect(resumed.code, resumed.stderr).toBe(0);
      const next = fake.requests.slice(resumedFrom).find((r) => !asksForSummary(r) && (r.messages?.length ?? 0) > 2);
      expect(next, 'Claude Code sent the resumed session').toBeDefined();
      const sent = callIdsOf(next as MessagesRequest);
      expect(sent.has(dropped[0].call_id)).toBe(true);
      for (const d of dropped.slice(1)) expect(sent.has(d.call_id), d.call_id).toBe(false);
      // Live sessions keep a receipt of each dropped call: what was run, and where the original is.
      expect(JSON.stringify(next?.messages)).toContain(`call ${dropped[1]?.call_id}]`);

      const { events } = await api<{ events: Array<{ params: { update: { status: string; proposalId: string } } }> }>(
        'approvals.events',
        { since: 0 },
      );
      const lifecycle = events
        .filter((e) => e.params.update.proposalId === pending.id)
        .map((e) => e.params.update.status);
      expect(lifecycle).toEqual(['proposed', 'approved', 'applied']);
    });

    it('§9 a rejection leaves Claude Code to compact as it would have', async () => {
      writePolicy({ approval_wait_seconds: 90 });
      const sessionId = seedSession();
      const requestsBefore = fake.requests.length;
      const compacting = claude(['--resume', sessionId, '-p', '/compact']);
      const pending = await pendingFor(sessionId);
      const decision = await api<ApprovalDecision>('approvals.decide', {
        id: pending.id,
        verdict: 'reject',
        reviewer: 'interop reviewer',
      });
      expect(decision.applied).toBeNull();
      const result = await compacting;
      expect(result.stdout).not.toContain('Compaction blocked');
      expect(fake.requests.slice(requestsBefore).some(asksForSummary)).toBe(true);
    });

    it('§9 only the policy’s explicit auto-apply rule applies without a person', async () => {
      // A margin of 0: every decision is sure enough, so nothing waits in the queue.
      writePolicy({ auto_apply_margin: 0 });
      const sessionId = seedSession();
      const requestsBefore = fake.requests.length;
      const result = await claude(['--resume', sessionId, '-p', '/compact']);
      expect(result.stdout).toContain('auto-apply rule');
      expect(fake.requests.slice(requestsBefore).some(asksForSummary)).toBe(false);
      const { entries } = await api<{ entries: ApprovalSummary[] }>('approvals.list');
      expect(entries.find((e) => e.session_id === sessionId)?.state).toBe('applied_automatically');
    });
  },
);
