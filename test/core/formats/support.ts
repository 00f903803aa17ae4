/**
 * Shared by the format tests: the real files of ../shared/formats with the format and the
 * conversations each one holds, and the round trip import → compact → export → import.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compactDetailed } from '../../../core/engine/compact.js';
import { analyze } from '../../../core/engine/guards.js';
import type { DecisionModel } from '../../../core/engine/model.js';
import { blocksOf } from '../../../core/engine/pairing.js';
import type { Action, CompactResponse, Message } from '../../../core/engine/schema.js';
import { DEFAULT_OPTIONS } from '../../../core/engine/schema.js';
import type { FormatId, OpenedSource, Proposal } from '../../../core/formats/index.js';
import { exportSource, openSource, parseSource, proposalFor } from '../../../core/formats/index.js';
import { parseNonFinite } from '../../../core/formats/nonFinite.js';
import { toolNamesOf } from '../../../core/inspect/toolNames.js';
import { sharedPath } from '../../support/shared.js';

export const FORMATS_DIR = sharedPath('formats');

export interface Fixture {
  file: string;
  format: FormatId;
  conversations: number;
}

/** Every data file of ../shared/formats (SOURCES.md), with what it is. */
export const FIXTURES: readonly Fixture[] = [
  { file: 'agentscope-session/a2ui-agent-session-2026-01-19.json', format: 'agentscope-session', conversations: 1 },
  { file: 'agentscope-session/a2ui-agent-session-2026-01-26.json', format: 'agentscope-session', conversations: 1 },
  { file: 'claude-code-jsonl/cctrace-phase0-investigation-main.jsonl', format: 'claude-code', conversations: 1 },
  {
    file: 'claude-code-stream-json/claude-code-action-sample-turns.json',
    format: 'claude-stream-json',
    conversations: 1,
  },
  {
    file: 'claude-code-stream-json/pydantic-ai-cc2.1.222-03-multi-turn-tools.jsonl',
    format: 'claude-stream-json',
    conversations: 1,
  },
  {
    file: 'claude-code-stream-json/pydantic-ai-cc2.1.222-04-error-max-turns.jsonl',
    format: 'claude-stream-json',
    conversations: 1,
  },
  {
    file: 'claude-code-jsonl/inspect-scout-compaction-session.jsonl',
    format: 'claude-code',
    conversations: 1,
  },
  { file: 'gemini-cli-session/agent-history-gemini-golden.json', format: 'gemini-cli', conversations: 1 },
  { file: 'cline-sdk-session/session.messages.json', format: 'cline-session', conversations: 1 },
  { file: 'cline-sdk-session/agentic.compaction.json', format: 'cline-session', conversations: 1 },
  { file: 'codex-rollout-jsonl/agent-history-codex-golden.jsonl', format: 'codex-rollout', conversations: 1 },
  {
    file: 'codex-rollout-jsonl/agent-history-codex-with-escalation.jsonl',
    format: 'codex-rollout',
    conversations: 1,
  },
  { file: 'inspect-ai-eval-log/2025-05-12T20-27-36-04-00_browser.json', format: 'inspect-log', conversations: 1 },
  { file: 'inspect-ai-eval-log/log_tool_call_error.json', format: 'inspect-log', conversations: 1 },
  { file: 'mini-swe-agent-traj/pydata__xarray-4629.traj.json', format: 'mini-swe-agent', conversations: 1 },
  { file: 'openai-chat-completions/taubench-gpt-4o-airline-first4.json', format: 'openai-chat', conversations: 4 },
  {
    file: 'openai-chat-completions/taubench-results-failed-run-empty-traj.json',
    format: 'openai-chat',
    conversations: 1,
  },
  { file: 'openai-responses/vercel-ai-openai-compaction.1.json', format: 'openai-responses', conversations: 1 },
  {
    file: 'openai-responses/vercel-ai-openai-reasoning-encrypted-content.1.json',
    format: 'openai-responses',
    conversations: 1,
  },
  {
    file: 'openai-responses/vercel-ai-programmatic-tool-calling.1.json',
    format: 'openai-responses',
    conversations: 1,
  },
  { file: 'openhands-events/multi_swe_bench-examples-output.jsonl', format: 'openhands', conversations: 3 },
  { file: 'openhands-events/runtime-trajs-basic_gui_mode.json', format: 'openhands', conversations: 1 },
  { file: 'swe-agent-traj/6e44b9__sweagenttestrepo-1c2844.traj', format: 'swe-agent', conversations: 1 },
  { file: 'swe-agent-traj/pydicom__pydicom-1458.traj', format: 'swe-agent', conversations: 1 },
];

/** Small files we wrote from the SDKs' documented types (no real ones exist; see their comments). */
export const OWN_FIXTURES_DIR = join(import.meta.dirname, 'fixtures');

export function fixtureText(fixture: Fixture): string {
  return readFileSync(join(FORMATS_DIR as string, fixture.file), 'utf8');
}

/** A JSON text's value; Python's NaN and Infinity read as the reader reads them (nonFinite.ts). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const value = parseNonFinite(text);
    if (value === null) throw error;
    return value;
  }
}

/** JSON-equal as SPEC §1 defines it: equal compact JSON of the parsed values. */
export function jsonEqual(a: string, b: string): boolean {
  return JSON.stringify(parseJson(a)) === JSON.stringify(parseJson(b));
}

/** JSON Lines compared line by line, in order. */
export function linesEqual(a: string, b: string): boolean {
  const split = (text: string) =>
    text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.stringify(parseJson(l)));
  const [x, y] = [split(a), split(b)];
  return x.length === y.length && x.every((line, i) => line === y[i]);
}

/** The original document again, as the reader sees it: JSON-equal, or line by line for JSON Lines. */
export function sameDocument(exported: string, original: string): boolean {
  return parseSource(original).kind === 'jsonl' ? linesEqual(exported, original) : jsonEqual(exported, original);
}

/**
 * Positional ids (`m3`, `c3`) and `#n` suffixes of repeated call ids renumber when an export
 * removes messages or calls (the file has no ids of its own there): compare them by position.
 */
export function withPositionalIds(messages: readonly Message[]): Message[] {
  let m = 0;
  const calls = new Map<string, string>();
  const callId = (id: unknown) => {
    if (typeof id !== 'string') return id;
    const base = id.replace(/#\d+$/, '');
    if (!/^c\d+$/.test(base)) return base;
    if (!calls.has(id)) calls.set(id, `c#${calls.size}`);
    return calls.get(id);
  };
  return messages.map((message) => {
    m++;
    const id = typeof message.id === 'string' && /^m\d+$/.test(message.id) ? `m#${m}` : message.id;
    const content = Array.isArray(message.content)
      ? message.content.map((b) =>
          b.type === 'tool_call' || b.type === 'tool_result' ? { ...b, id: callId(b.id) } : b,
        )
      : message.content;
    return { ...message, id, content };
  });
}

export interface RoundTrip {
  source: OpenedSource;
  response: CompactResponse;
  /** What the export wrote: the compaction with the format's targets applied (SPEC §9). */
  proposal: Proposal;
  exported: string;
  reread: OpenedSource;
}

/** Compacts one conversation with every tool eligible (default options otherwise) and reads the export back. */
export async function compactAndReread(
  text: string,
  choice: { format?: string; conversation?: string },
  model: DecisionModel,
  options: Record<string, number> = {},
): Promise<RoundTrip> {
  const source = openSource(text, choice);
  const messages = source.read.messages;
  const request = { messages, goal: 'finish the task', eligible_tool_names: toolNamesOf(messages), options };
  const details = await compactDetailed(request, { model });
  const { response } = details;
  if (!response.success || !details.analysis || !details.request)
    throw new Error(`compaction failed: ${JSON.stringify(response.answer)}`);
  const actions = new Map<string, Action>(response.answer.decisions.map((d) => [d.pair_id, d.action]));
  const proposal = proposalFor(messages, details.analysis.pairs, actions, details.request, source);
  const exported = exportSource(source, proposal);
  const reread = openSource(exported, { format: source.format, conversation: source.read.conversation });
  return { source, response, proposal, exported, reread };
}

/** What a generated choice of actions gives without a model: every unguarded pair takes the next choice (`keep` past the end), every tool eligible, no recent window. */
export function proposalFromChoices(
  source: OpenedSource,
  choices: readonly Action[],
  truncateHeadChars: number,
  /** Write drop_call as the format's targets allow (what every export does), not as asked. */
  forTargets = false,
  /** §9 drop_receipts. */
  dropReceipts = false,
): ReturnType<typeof proposalFor> {
  const messages = source.read.messages;
  const analysis = analyze(messages, {
    eligibleToolNames: toolNamesOf(messages),
    protectedMessageIds: [],
    protectedCallIds: [],
    preserveRecentMessages: 0,
  });
  const actions = new Map<string, Action>(
    analysis.pairs.map((p, i) => [p.pairId, p.guard === null ? (choices[i] ?? 'keep') : 'keep']),
  );
  const request = {
    options: { ...DEFAULT_OPTIONS, truncate_head_chars: truncateHeadChars },
    archive_ref: 'archive',
    ...(dropReceipts ? { drop_receipts: true } : {}),
  };
  return proposalFor(messages, analysis.pairs, actions, request, forTargets ? source : undefined);
}

export function errorResults(messages: readonly Message[]): number {
  return messages.flatMap(blocksOf).filter((b) => b.type === 'tool_result' && b.state === 'error').length;
}

/**
 * A deterministic model that exercises both edits: candidates alternate between drop_call
 * (odd pairs) and drop_result (even pairs), so every writer removes and shortens.
 */
export function alternatingModel(): DecisionModel {
  return {
    backend: 'alternating',
    deterministic: true,
    async decide(batch) {
      const probabilities: Record<string, number> = {};
      for (const q of batch.questions) {
        const odd = Number(q.pairId.slice(1)) % 2 === 1;
        probabilities[q.key] = q.kind === 'result' ? 0 : odd ? 0 : 1;
      }
      return { probabilities };
    },
  };
}
