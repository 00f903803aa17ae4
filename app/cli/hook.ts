/**
 * `hook pre-compact`: Claude Code's PreCompact hook (installed by `install claude-code`,
 * docs/claude-code.md). Claude Code runs it before it compacts — `/compact` typed (manual) or the
 * window filling (auto) — with the session on stdin as JSON. The hook runs the core on the live
 * session file with the project's approved policy (or the defaults), and
 * - applies the proposal at once when the policy's explicit auto-apply rule holds for every call;
 * - else puts it in the approval queue (app/host/approvals.ts) and waits for a person's decision.
 * Applied, the compaction is blocked (exit 2, what Claude Code 2.1 reads as "block") with the
 * command that resumes the approved history; rejected, unchanged, timed out or failed, the hook
 * exits without blocking and Claude Code compacts as it would have. It never writes to stdout
 * unless blocking: Claude Code takes a passing hook's stdout as instructions for its summary.
 */
import { createHash, randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { z } from 'zod';
import type { ApprovalEntry } from '../../core/approvals/entry.js';
import { undecidedCount } from '../../core/approvals/entry.js';
import { archiveFileOf } from '../../core/audit/record.js';
import { parseRequest } from '../../core/engine/request.js';
import { registryFor } from '../../core/engine/loadBackend.js';
import { compactParsed } from '../../core/engine/pass.js';
import type { Message } from '../../core/engine/schema.js';
import { liveFromMessageId } from '../../core/formats/compactions.js';
import { openSource } from '../../core/formats/index.js';
import { probabilitiesOf } from '../../core/inspect/actions.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { applyPolicy } from '../../core/policies/policyFile.js';
import { createDecisionModel, loadConfig } from '../config.js';
import { ApprovalQueue, applyApproval, approvalQueueDir, projectPolicyPath } from '../host/approvals.js';
import { classify, EXIT } from '../host/errors.js';
import { readSourceFileBytes } from './args.js';
import { policySha256, readPolicyFlag } from './policy.js';

/** Claude Code's read-only tools: what a live session may compact when its policy names none (R5). */
export const CLAUDE_CODE_READ_TOOLS = ['Read', 'Grep', 'Glob', 'LS', 'Bash', 'WebFetch', 'WebSearch', 'NotebookRead'];

/** How long a compaction waits for a person when the policy does not say (`approval_wait_seconds`). */
export const DEFAULT_WAIT_SECONDS = 300;

/** Claude Code's exit code for "block": the compaction does not happen, stderr says why. */
const BLOCK = 2;

/** What Claude Code 2.1 sends a PreCompact hook on stdin (fields it adds later are let through). */
const PreCompactInputSchema = z.looseObject({
  session_id: z.string().min(1),
  transcript_path: z.string().min(1),
  cwd: z.string().min(1),
  hook_event_name: z.literal('PreCompact'),
  trigger: z.enum(['manual', 'auto']),
  custom_instructions: z.string().nullable().optional(),
});

async function readStdin(limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error(`the hook's input is over ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The goal of a live session: what `/compact` was told to keep, else the person's last prompt
 * (its next action, SPEC §1), else a plain sentence. Claude Code's own command and caveat lines
 * (`<command-name>…`, `<local-command-stdout>…`) are not prompts.
 */
export function liveGoal(messages: readonly Message[], instructions: string | null | undefined): string {
  if (instructions && instructions.trim() !== '') return instructions.trim();
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as Message;
    if (message.role !== 'user') continue;
    const texts =
      typeof message.content === 'string'
        ? [message.content]
        : (message.content ?? []).filter((b) => b.type === 'text').map((b) => String(b.text ?? ''));
    const prompt = texts.join('\n').trim();
    if (prompt !== '' && !prompt.startsWith('<') && !prompt.startsWith('Caveat:')) return prompt;
  }
  return 'Continue the task in progress';
}

function say(line: string): void {
  process.stderr.write(`${line}\n`);
}

export async function run(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0] !== 'pre-compact') {
    say('usage: hook pre-compact (Claude Code runs it; install it with: compaction-inspector install claude-code)');
    return EXIT.invalid_input;
  }
  try {
    const input = PreCompactInputSchema.parse(JSON.parse(await readStdin(1024 * 1024)));
    return await preCompact(input);
  } catch (error) {
    // Never in the agent's way: any failure lets Claude Code compact as it would have (exit 1
    // is "failed, not blocking"), with one line it shows.
    const failure = classify(error);
    say(`Compaction Inspector did not propose a compaction: ${failure.message.split('\n')[0]}`);
    return EXIT.failed;
  }
}

async function preCompact(input: z.infer<typeof PreCompactInputSchema>): Promise<number> {
  const policyPath = projectPolicyPath(input.cwd);
  const policy: PolicyFile | null = policyPath === null ? null : readPolicyFlag(policyPath);
  const read = readSourceFileBytes('transcript_path', input.transcript_path);
  const text = typeof read.text === 'string' ? read.text : Buffer.from(read.text).toString('utf8');
  const source = openSource(text, { format: 'claude-code' });
  const messages = source.read.messages;
  const original = {
    name: basename(input.transcript_path),
    sha256: createHash('sha256').update(read.bytes).digest('hex'),
    bytes: read.bytes.length,
  };
  const raw: Record<string, unknown> = {
    messages,
    goal: liveGoal(messages, input.custom_instructions),
    // R13's markers name the archive an approval writes beside the snapshot (app/host/approvals.ts).
    archive_ref: archiveFileOf(original).name,
    ...(policy !== null && policy.eligible_tool_names.length > 0
      ? {}
      : { eligible_tool_names: CLAUDE_CODE_READ_TOOLS }),
    // A live agent reads its own history back: a dropped call leaves a receipt of what was run,
    // so its narration is never taken for evidence (§9), unless the policy says otherwise.
    ...(policy?.drop_receipts === undefined ? { drop_receipts: true } : {}),
  };
  // A compaction Claude Code made earlier: what lies before it is no longer sent, so it stays (§9).
  const liveFrom = liveFromMessageId(source.read);
  if (liveFrom !== undefined) raw.live_from_message_id = liveFrom;
  const request = parseRequest(policy === null ? raw : applyPolicy(raw, policy));
  const config = loadConfig({ defaults: policy?.decision_model });
  const model = createDecisionModel(config, await registryFor(config.backend));
  const details = await compactParsed(request, { model, settings: config.request, copy: 'shared' });
  const { response } = details;
  if (!response.success) {
    say(`Compaction Inspector could not propose a compaction: ${response.answer.error.message}`);
    return EXIT.failed;
  }
  // Nothing to approve: Claude Code compacts as it would have.
  if (!response.answer.changed) return EXIT.success;
  const threshold = request.options.keep_threshold;
  const margin = policy?.auto_apply_margin ?? null;
  const probabilities = [...probabilitiesOf(response.answer.decisions).values()];
  const { messages: _dropped, ...settings } = request;
  const entry: ApprovalEntry = {
    approval_entry: 1,
    id: `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`,
    created_at: new Date().toISOString(),
    agent: 'claude-code',
    project: input.cwd,
    session_id: input.session_id,
    transcript_path: input.transcript_path,
    trigger: input.trigger,
    original,
    request: settings,
    policy: policy === null || policyPath === null ? null : { path: policyPath, sha256: policySha256(policy) },
    outcome: {
      backend: model.backend,
      model: model.model ?? null,
      decisions: response.answer.decisions,
      stats: response.answer.stats,
    },
    waits_until: null,
    auto_apply: {
      margin,
      undecided: margin === null ? probabilities.length : undecidedCount(probabilities, threshold, margin),
    },
  };
  const autoApplies = margin !== null && entry.auto_apply.undecided === 0;
  const waitSeconds = policy?.approval_wait_seconds ?? DEFAULT_WAIT_SECONDS;
  if (!autoApplies) entry.waits_until = new Date(Date.parse(entry.created_at) + waitSeconds * 1000).toISOString();
  const queue = new ApprovalQueue(approvalQueueDir());
  queue.add(entry, read.bytes);
  const sizes = `${entry.outcome.stats.chars_before} → ${entry.outcome.stats.chars_after} characters`;
  if (autoApplies) {
    const decision = await applyApproval(
      queue,
      entry.id,
      { threshold, overrides: {}, reviewer: null, autoApplyNext: false },
      'applied_automatically',
    );
    say(
      `Compaction Inspector applied proposal ${entry.id} by the project policy's auto-apply rule (${sizes}). ` +
        `Resume the compacted history: ${decision.applied?.session.resume}`,
    );
    return BLOCK;
  }
  const decision = await queue.waitForDecision(entry.id, waitSeconds * 1000);
  if (decision?.applied) {
    say(
      `Compaction Inspector: ${decision.reviewer ?? 'a reviewer'} approved proposal ${entry.id} (${sizes}). ` +
        `Resume the approved history: ${decision.applied.session.resume}`,
    );
    return BLOCK;
  }
  // Rejected, or nobody decided in time: the proposal stays in the queue, and Claude Code goes on.
  return EXIT.success;
}
