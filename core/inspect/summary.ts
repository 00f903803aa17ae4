/**
 * What the inspector shows about a history before anything runs: sizes, calls per tool,
 * non-fatal oddities, and how many calls each guard and protection takes
 * out of candidacy, with advice when nothing is left to ask about.
 */
import type { Analysis } from '../engine/guards.js';
import { resultChars } from '../engine/guards.js';
import type { BlockRef } from '../engine/pairing.js';
import { blocksOf, pairBlocks } from '../engine/pairing.js';
import type { Message } from '../engine/schema.js';
import type { KeptCount, KeptReason } from './guardCounts.js';
import { KEPT_LABELS, keptByReason } from './guardCounts.js';

const CALL_STATES = new Set(['pending', 'asking', 'allowed', 'submitted', 'finished']);
const RESULT_STATES = new Set(['success', 'error', 'interrupted', 'denied', 'running']);

export interface ToolSummary {
  name: string;
  calls: number;
  /** Total characters of this tool's results (text outputs; other outputs as JSON). */
  resultChars: number;
}

export interface HistoryWarning {
  code:
    | 'duplicate_id'
    | 'orphan_result'
    | 'missing_result'
    | 'reversed_pair'
    | 'missing_id'
    | 'unknown_state'
    | 'duplicate_message_id';
  message: string;
  /** Message index of the first block concerned. */
  messageIndex: number;
}

export interface HistorySummary {
  messages: number;
  roles: Record<string, number>;
  toolCalls: number;
  tools: ToolSummary[];
  chars: number;
  warnings: HistoryWarning[];
}

/** One pass over the history; `chars` is SPEC §6's compact-JSON length. */
export function summarizeHistory(messages: readonly Message[]): HistorySummary {
  // A Map: a role is data, and "constructor" or "__proto__" must count like any other (R14).
  const roles = new Map<string, number>();
  const tools = new Map<string, ToolSummary>();
  const warnings: HistoryWarning[] = [];
  const callName = new Map<string, string>();
  const seenMessageIds = new Set<string>();
  let toolCalls = 0;
  messages.forEach((message, m) => {
    const role = typeof message.role === 'string' ? message.role : 'unknown';
    roles.set(role, (roles.get(role) ?? 0) + 1);
    if (typeof message.id === 'string') {
      if (seenMessageIds.has(message.id))
        warnings.push({
          code: 'duplicate_message_id',
          message: `message id "${message.id}" occurs more than once (message ${m})`,
          messageIndex: m,
        });
      seenMessageIds.add(message.id);
    }
    for (const block of blocksOf(message)) {
      if (block.type === 'tool_call') {
        toolCalls++;
        const name = typeof block.name === 'string' ? block.name : 'unknown';
        if (typeof block.id === 'string') callName.set(block.id, name);
        const tool = tools.get(name) ?? { name, calls: 0, resultChars: 0 };
        tool.calls++;
        tools.set(name, tool);
        if (typeof block.state === 'string' && !CALL_STATES.has(block.state))
          warnings.push({
            code: 'unknown_state',
            message: `tool call ${String(block.id)} has unknown state "${block.state}" (message ${m})`,
            messageIndex: m,
          });
      } else if (block.type === 'tool_result') {
        const name =
          typeof block.id === 'string'
            ? (callName.get(block.id) ?? (typeof block.name === 'string' ? block.name : 'unknown'))
            : 'unknown';
        const tool = tools.get(name) ?? { name, calls: 0, resultChars: 0 };
        tool.resultChars += resultChars(block.output);
        tools.set(name, tool);
        if (typeof block.state === 'string' && !RESULT_STATES.has(block.state))
          warnings.push({
            code: 'unknown_state',
            message: `tool result ${String(block.id)} has unknown state "${block.state}" (message ${m})`,
            messageIndex: m,
          });
      }
    }
  });
  warnings.push(...pairingWarnings(messages));
  warnings.sort((a, b) => a.messageIndex - b.messageIndex);
  return {
    messages: messages.length,
    // fromEntries defines own properties, so a role named "__proto__" stays a key.
    roles: Object.fromEntries(roles),
    toolCalls,
    tools: [...tools.values()].sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name)),
    chars: JSON.stringify(messages).length,
    warnings,
  };
}

function pairingWarnings(messages: readonly Message[]): HistoryWarning[] {
  const typeAt = (ref: BlockRef) => blocksOf(messages[ref.message])[ref.block].type;
  return pairBlocks(messages).unpaired.map((id): HistoryWarning => {
    const first = id.blocks[0];
    const where = `message ${first.message}`;
    if (id.id === null)
      return {
        code: 'missing_id',
        message: `a ${typeAt(first)} block has no string id (${where})`,
        messageIndex: first.message,
      };
    if (id.problem === 'duplicate_id')
      return {
        code: 'duplicate_id',
        message: `tool id "${id.id}" is used by ${id.blocks.length} blocks (${where})`,
        messageIndex: first.message,
      };
    if (id.problem === 'reversed_pair')
      return {
        code: 'reversed_pair',
        message: `the result of "${id.id}" comes before its call (${where})`,
        messageIndex: first.message,
      };
    if (typeAt(first) === 'tool_result')
      return {
        code: 'orphan_result',
        message: `tool result "${id.id}" has no call (${where})`,
        messageIndex: first.message,
      };
    return {
      code: 'missing_result',
      message: `tool call "${id.id}" has no result (${where})`,
      messageIndex: first.message,
    };
  });
}

export interface CandidacyReport {
  pairs: number;
  candidates: number;
  /** Why the other calls are kept, one count per reason as the header names them (guardCounts.ts). */
  kept: KeptCount[];
  /** When no candidate is left: which guard did it and what to change; else null. */
  advice: string | null;
}

const ADVICE: Partial<Record<KeptReason, string>> = {
  tool_not_eligible:
    'no eligible tool is checked: tick the tools whose old results may be shortened under "Eligible tools"',
  shell_command_not_read_only:
    'every remaining shell call may write: add read-only command patterns under "Shell commands" if some only read',
  recent_window:
    'every remaining call sits in the recent window: lower "Preserve recent messages" (one AgentScope 2.x message can hold a whole reply)',
  protected_message:
    'every remaining call sits in a protected message (the first one, or one you protected): remove message protections',
  protected_call_id: 'every remaining call is protected by id: remove some call protections',
  outside_live_context:
    'every remaining call comes before the last compaction the agent made itself; only calls after it are sent on resume',
  call_unfinished: 'every call is unfinished (state is not "finished")',
  result_not_success: 'every result failed or is not a success',
  non_text_output: 'every result holds non-text data (images, files)',
  invalid_input_json: 'every call input is invalid JSON',
  name_mismatch: 'every call and result disagree on the tool name',
};

/** How the guards split the pairs before running, under the `preserve_recent_messages` of the policy (R4). */
export function candidacyReport(analysis: Analysis, recentWindow: number): CandidacyReport {
  const kept = keptByReason(analysis, recentWindow);
  let advice: string | null = null;
  if (analysis.candidates.length === 0) {
    if (analysis.pairs.length === 0)
      advice = 'the history has no complete tool call/result pairs, so there is nothing to compact';
    else {
      // The reason that kept the most pairs is the one worth changing first; unpaired ids are no pairs.
      const [top] = kept.filter((k) => k.reason !== 'unpaired').sort((a, b) => b.count - a.count);
      advice = `${top.count} of ${analysis.pairs.length} calls kept by ${KEPT_LABELS[top.reason]}: ${ADVICE[top.reason] ?? 'change the policy'}`;
    }
  }
  return { pairs: analysis.pairs.length, candidates: analysis.candidates.length, kept, advice };
}
