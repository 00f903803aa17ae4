/**
 * The approval queue on disk (core/approvals/entry.ts is its contract). The Claude Code hook
 * (app/cli/hook.ts) adds a pending proposal and waits; a host (`serve`, the desktop app) lists it,
 * and a person approves, overrides calls, or rejects. Approving writes what an export writes —
 * the snapshot, the archive of the session as it was read, the audit record — in the project's
 * archive folder, the snapshot again as a new session Claude Code resumes, and registers the
 * restore server in the project's `.mcp.json`. Nothing is applied without an approval or the
 * policy's explicit auto-apply rule.
 *
 * One folder per entry, named by its id: `entry.json` (written last, by rename, so a listing never
 * sees half an entry), `original.jsonl` (the session's bytes as read) and, once decided,
 * `decision.json` (created exclusively: a proposal is decided once). `events.jsonl` beside the
 * entries is the lifecycle as `compaction_update` notifications.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ApprovalDecision, ApprovalEntry, ApprovalSummary, CompactionUpdate } from '../../core/approvals/entry.js';
import {
  ApprovalDecisionSchema,
  ApprovalEntrySchema,
  ApprovalIdSchema,
  compactionUpdate,
  CompactionUpdateSchema,
  DEFAULT_AUTO_APPLY_MARGIN,
  summaryOf,
} from '../../core/approvals/entry.js';
import type { CompactRequest } from '../../core/engine/schema.js';
import { analyze, policyOf } from '../../core/engine/guards.js';
import type { Overrides } from '../../core/inspect/actions.js';
import { openSource, projectFolderName, resumeStep } from '../../core/formats/index.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { parsePolicyFile, POLICY_FILE_NAME, policyFileOf, policyFileText } from '../../core/policies/policyFile.js';
import { restoreServerConfig, SERVER_NAME } from '../../core/restore/config.js';
import { writeOutFiles } from '../cli/out.js';
import { HostApiError } from './errors.js';
import { cliLauncher } from './launcher.js';
import { writeResumableSession } from './resumableSession.js';

/** Where the queue lives: `COMPACTION_INSPECTOR_QUEUE_DIR`, else the user's state folder (XDG). */
export function approvalQueueDir(env: Record<string, string | undefined> = process.env): string {
  if (env.COMPACTION_INSPECTOR_QUEUE_DIR) return resolve(env.COMPACTION_INSPECTOR_QUEUE_DIR);
  const state = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'compaction-inspector', 'approvals');
}

/**
 * The policy file a project's live sessions are compacted with: `.claude/compaction-policy.json`
 * beside Claude Code's own settings, else `compaction-policy.json` at the project's root; null for
 * neither (the defaults, docs/claude-code.md).
 */
export function projectPolicyPath(project: string): string | null {
  for (const path of [join(project, '.claude', POLICY_FILE_NAME), join(project, POLICY_FILE_NAME)])
    if (existsSync(path)) return path;
  return null;
}

const ENTRY = 'entry.json';
const ORIGINAL = 'original.jsonl';
const DECISION = 'decision.json';
const EVENTS = 'events.jsonl';

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Writes `text` whole or not at all: a temporary file renamed over the target. */
function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, path);
}

export class ApprovalQueue {
  constructor(readonly dir: string) {}

  private folder(id: string): string {
    const parsed = ApprovalIdSchema.safeParse(id);
    if (!parsed.success) throw new HostApiError('invalid_input', `"${id}" is not an approval id`);
    return join(this.dir, parsed.data);
  }

  /** Adds a pending proposal with the session's bytes as they were read. */
  add(entry: ApprovalEntry, original: Uint8Array): void {
    const folder = this.folder(entry.id);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(join(folder, ORIGINAL), original, { mode: 0o600 });
    writeAtomically(join(folder, ENTRY), `${JSON.stringify(ApprovalEntrySchema.parse(entry))}\n`);
    this.emit(compactionUpdate(entry, 'proposed', entry.created_at));
  }

  /** Every entry, newest first; a folder that holds no readable entry is left out. */
  list(): ApprovalSummary[] {
    if (!existsSync(this.dir)) return [];
    const summaries: ApprovalSummary[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!ApprovalIdSchema.safeParse(name).success) continue;
      try {
        summaries.push(summaryOf(this.entry(name), this.decision(name)));
      } catch {
        // Written by another version, or being written: not an entry this host can show.
      }
    }
    return summaries.sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  entry(id: string): ApprovalEntry {
    const path = join(this.folder(id), ENTRY);
    if (!existsSync(path)) throw new HostApiError('not_found', `no proposal "${id}" in ${this.dir}`);
    return ApprovalEntrySchema.parse(readJson(path));
  }

  original(id: string): Buffer {
    return readFileSync(join(this.folder(id), ORIGINAL));
  }

  decision(id: string): ApprovalDecision | null {
    const path = join(this.folder(id), DECISION);
    return existsSync(path) ? ApprovalDecisionSchema.parse(readJson(path)) : null;
  }

  /** Records a decision once; a second is refused, whoever made the first. */
  record(id: string, decision: ApprovalDecision): void {
    try {
      writeFileSync(join(this.folder(id), DECISION), `${JSON.stringify(ApprovalDecisionSchema.parse(decision))}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new HostApiError('invalid_input', `proposal "${id}" is already decided`);
      throw error;
    }
  }

  /** The decision on `id` once there is one, or null when `timeoutMs` passes (or `signal` aborts) first. */
  async waitForDecision(
    id: string,
    timeoutMs: number,
    options: { pollMs?: number; signal?: AbortSignal } = {},
  ): Promise<ApprovalDecision | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const decision = this.decision(id);
      if (decision !== null) return decision;
      if (Date.now() >= until || options.signal?.aborted) return null;
      await new Promise((done) => setTimeout(done, Math.min(options.pollMs ?? 200, Math.max(0, until - Date.now()))));
    }
  }

  emit(update: CompactionUpdate): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    appendFileSync(join(this.dir, EVENTS), `${JSON.stringify(update)}\n`, { mode: 0o600 });
  }

  /** The lifecycle notifications from the `since`-th on, and the index to ask from next. */
  events(since: number): { events: CompactionUpdate[]; next: number } {
    const path = join(this.dir, EVENTS);
    if (!existsSync(path)) return { events: [], next: 0 };
    const lines = readFileSync(path, 'utf8').split('\n');
    // A line being appended right now is left for the next call.
    const complete = lines.slice(0, -1);
    const events: CompactionUpdate[] = [];
    for (const line of complete.slice(since)) {
      const parsed = CompactionUpdateSchema.safeParse(JSON.parse(line));
      if (parsed.success) events.push(parsed.data);
    }
    return { events, next: complete.length };
  }
}

/** How a person (or the policy's rule) decides: the threshold and overrides the actions are derived with. */
export interface Review {
  threshold: number;
  overrides: Overrides;
  /** The reviewer's name; null for the policy's auto-apply rule. */
  reviewer: string | null;
  autoApplyNext: boolean;
}

/**
 * Applies proposal `id`: the export's files in the project's archive folder, the snapshot as a new
 * session in the session's own project folder (where `claude --resume` finds it), the restore
 * server registered for the project; then the decision is recorded and announced.
 */
export async function applyApproval(
  queue: ApprovalQueue,
  id: string,
  review: Review,
  verdict: 'approved' | 'applied_automatically' = 'approved',
): Promise<ApprovalDecision> {
  const entry = queue.entry(id);
  if (queue.decision(id) !== null) throw new HostApiError('invalid_input', `proposal "${id}" is already decided`);
  const bytes = queue.original(id);
  const text = bytes.toString('utf8');
  const source = openSource(text, { format: 'claude-code' });
  const request = { ...entry.request, messages: source.read.messages } as CompactRequest;
  const analysis = analyze(request.messages, policyOf(request));
  const archives = join(queue.dir, 'archives', projectFolderName(entry.project));
  mkdirSync(archives, { recursive: true, mode: 0o700 });
  const out = join(archives, `${entry.session_id}.${entry.id}.jsonl`);
  const written = await writeOutFiles(
    out,
    { original: entry.original, bytes, text, openedAt: entry.created_at },
    {
      request,
      source,
      details: {
        analysis,
        response: { success: true, answer: { decisions: entry.outcome.decisions, stats: entry.outcome.stats } },
      },
      model: { backend: entry.outcome.backend, model: entry.outcome.model },
      startedAt: entry.created_at,
      finishedAt: entry.created_at,
    },
    {
      reviewer: review.reviewer ?? 'auto-apply rule of the project policy',
      inputs: [entry.transcript_path],
      force: false,
      restoreServer: true,
      policySha256: entry.policy?.sha256 ?? null,
      review: { threshold: review.threshold, overrides: review.overrides },
    },
  );
  const session = writeResumableSession(readFileSync(written.path, 'utf8'), written.path, entry.transcript_path);
  const decision: ApprovalDecision = {
    verdict,
    decided_at: new Date().toISOString(),
    reviewer: review.reviewer,
    threshold: review.threshold,
    overrides: { ...review.overrides },
    auto_apply_next: review.autoApplyNext,
    applied: {
      snapshot: written.path,
      archive: written.archivePath,
      audit: written.auditPath,
      session: { path: session.path, session_id: session.sessionId, resume: resumeStep(session) },
      restore_server: registerRestoreServer(entry.project, archives),
    },
  };
  queue.record(id, decision);
  if (review.autoApplyNext) allowAutoApply(entry);
  if (verdict === 'approved') queue.emit(compactionUpdate(entry, 'approved', decision.decided_at));
  queue.emit(compactionUpdate(entry, 'applied', decision.decided_at, session.sessionId));
  return decision;
}

/** Rejects proposal `id`: nothing is written but the decision; the agent compacts as it would have. */
export function rejectApproval(queue: ApprovalQueue, id: string, reviewer: string | null): ApprovalDecision {
  const entry = queue.entry(id);
  const decision: ApprovalDecision = {
    verdict: 'rejected',
    decided_at: new Date().toISOString(),
    reviewer,
    threshold: entry.request.options.keep_threshold,
    overrides: {},
    auto_apply_next: false,
    applied: null,
  };
  queue.record(id, decision);
  queue.emit(compactionUpdate(entry, 'rejected', decision.decided_at));
  return decision;
}

/**
 * The restore server (SPEC §9) for the project's archives, in the project's `.mcp.json`; other
 * servers there are kept. Returns the file, or null when it already named this server so.
 */
function registerRestoreServer(project: string, archives: string): string | null {
  const path = join(project, '.mcp.json');
  const server = restoreServerConfig(cliLauncher('web'), archives).server;
  const current = existsSync(path) ? (readJson(path) as { mcpServers?: Record<string, unknown> }) : {};
  if (typeof current !== 'object' || current === null || Array.isArray(current))
    throw new HostApiError('invalid_input', `${path} is not a JSON object; the restore server was not registered`);
  if (JSON.stringify(current.mcpServers?.[SERVER_NAME]) === JSON.stringify(server)) return null;
  writeAtomically(
    path,
    `${JSON.stringify({ ...current, mcpServers: { ...current.mcpServers, [SERVER_NAME]: server } }, null, 2)}\n`,
  );
  return path;
}

/**
 * "Apply automatically next time for this project": the auto-apply rule goes into the project's
 * policy file (the one place the hook reads it), written from the proposal's own policy when the
 * project has none. A margin already set is kept.
 */
function allowAutoApply(entry: ApprovalEntry): void {
  const path = projectPolicyPath(entry.project) ?? join(entry.project, '.claude', POLICY_FILE_NAME);
  const policy: PolicyFile = existsSync(path)
    ? parsePolicyFile(readFileSync(path, 'utf8'))
    : policyFileOf({ ...entry.request, decision_model: { backend: entry.outcome.backend } });
  if (policy.auto_apply_margin !== undefined) return;
  mkdirSync(join(path, '..'), { recursive: true });
  writeAtomically(path, policyFileText({ ...policy, auto_apply_margin: DEFAULT_AUTO_APPLY_MARGIN }));
}
