/**
 * Evidence links: for each candidate, where distinctive content first seen in its
 * result reappears later in what the agent wrote or called, and whether a later call read the
 * same file or ran the same query again (the older copy is superseded). Deterministic and
 * model-free. The public part (`EvidenceLink`) is metadata — message ids, call ids and terms
 * that the later messages themselves contain — never a result body.
 */
import { parseJsonText } from './depth.js';
import { distinctiveTerms, TermIndex } from './distinctive.js';
import type { Analysis, Pair } from './guards.js';
import { isRecord, isTextOutput, outputText, resultChars } from './guards.js';
import { blocksOf, messageId } from './pairing.js';
import type { Block, Message } from './schema.js';
import { targetTerms } from './targetTerms.js';

/** What a decision carries (DecisionSchema `evidence_links`). */
export interface EvidenceLink {
  /** Ids of later messages whose agent text or call inputs repeat this result's distinctive content. */
  quoted_in: string[];
  /** The repeated terms, most-quoted first (at most `MAX_TERMS`). */
  terms: string[];
  /** Call id of a later call that read the same file or ran the same query. */
  superseded_by: string | null;
}

/** The link plus local facts a local model may use (they may derive from the result body). */
export interface CandidateEvidence extends EvidenceLink {
  /** Distinctive terms first seen in this result (not earlier, not in the call's input). */
  novelTerms: number;
  /** Message indices of `quoted_in`. */
  quotedAt: number[];
  /** Novel terms of this result that the goal mentions. */
  goalTerms: string[];
  /** Share of novel terms the agent repeated in the first agent message after the result. */
  restated: number;
  /** Character count of the result text. */
  resultChars: number;
  /** The terms naming the call's target (targetTerms.ts), with where else the history holds them. */
  targets: TargetFacts[];
  /** Well-formed pairs in the history: what a target term's `holders` is counted against. */
  callCount: number;
}

/** One target term of a call: how many calls hold it, and where a later tool output last names it. */
export interface TargetFacts {
  term: string;
  /** Calls (this one included) whose input or result holds the term. */
  holders: number;
  /**
   * Message index of the last later call's result that names the term, or null when none does:
   * what a reader asks is whether a later output names it at or past a point (mentions.ts), and
   * the whole list grows with the history for every candidate (quadratic on a long session).
   */
  lastOutputAt: number | null;
}

export const MAX_TERMS = 8;

/** Text of a block as the agent or a tool wrote it; `input` for calls, output text for results. */
export function blockText(block: Block): string {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  if (block.type === 'thinking' && typeof block.thinking === 'string') return block.thinking;
  if (block.type === 'tool_call')
    return `${String(block.name ?? '')} ${typeof block.input === 'string' ? block.input : JSON.stringify(block.input ?? '')}`;
  if (block.type === 'tool_result' && isTextOutput(block.output)) return outputText(block.output);
  return '';
}

/**
 * Distinctive terms first seen in each tool result, keyed by the result block: everything
 * said, called or returned before it (its own call's input included) is known already.
 */
export function novelTermsByResult(messages: readonly Message[]): Map<Block, string[]> {
  const known = new Set<string>();
  const novel = new Map<Block, string[]>();
  for (const message of messages) {
    if (typeof message.content === 'string') for (const term of distinctiveTerms(message.content)) known.add(term);
    for (const block of blocksOf(message)) {
      const terms = distinctiveTerms(blockText(block));
      if (block.type === 'tool_result')
        novel.set(
          block,
          [...terms].filter((t) => !known.has(t)),
        );
      for (const term of terms) known.add(term);
    }
  }
  return novel;
}

/** Agent-written chunks: assistant text and every tool-call input, one chunk per message. */
export function agentChunks(messages: readonly Message[], from = 0): string[] {
  return messages.map((message, m) => {
    if (m < from) return '';
    const parts: string[] = [];
    if (typeof message.content === 'string' && message.role === 'assistant') parts.push(message.content);
    for (const block of blocksOf(message)) {
      if (block.type === 'tool_call' || (block.type === 'text' && message.role === 'assistant'))
        parts.push(blockText(block));
    }
    return parts.join('\n').toLowerCase();
  });
}

/** The string values of a call's JSON input: keys are the tool's schema, not the agent's words. */
export function callInputText(input: unknown): string {
  let parsed: unknown = input;
  if (typeof input === 'string') {
    const json = parseJsonText(input);
    if (!json.ok) return input;
    parsed = json.value;
  }
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(parsed);
  return strings.join('\n');
}

const RANGE_KEYS = ['offset', 'limit', 'start_line', 'end_line', 'line_range', 'view_range'];
// `old_str`/`new_str`/`file_text`: the str_replace_editor of OpenHands and SWE-agent.
const WRITE_KEYS = [
  'content',
  'new_string',
  'old_string',
  'edits',
  'new_source',
  'todos',
  'old_str',
  'new_str',
  'file_text',
];
const READ_COMMAND = /^\s*(?:cat|nl|head|tail|less|more|bat)\s+((?:-\S+\s+)*)([^\s|;&<>]+)\s*$/;

/** What a call read, as keys that a later identical read shares; empty for writes. */
export function readTargets(toolName: string, input: unknown): string[] {
  let parsed: unknown = input;
  if (typeof input === 'string') {
    const json = parseJsonText(input);
    if (!json.ok) return [];
    parsed = json.value;
  }
  if (!isRecord(parsed)) return [`${toolName}:${JSON.stringify(parsed)}`];
  if (WRITE_KEYS.some((k) => k in parsed)) return [];
  const path = parsed.file_path ?? parsed.path ?? parsed.filePath ?? parsed.notebook_path;
  // With a path, `command` names the editor's operation (`view`), not a shell command line.
  const command =
    typeof path === 'string'
      ? null
      : typeof parsed.command === 'string'
        ? parsed.command
        : typeof parsed.cmd === 'string'
          ? parsed.cmd
          : null;
  if (command !== null) {
    const read = READ_COMMAND.exec(command);
    const normalized = command.trim().replace(/\s+/g, ' ');
    return read && read[1] === '' ? [`file:${read[2]}`, `cmd:${normalized}`] : [`cmd:${normalized}`];
  }
  const keys = Object.keys(parsed).sort();
  const targets = [`${toolName}:${JSON.stringify(parsed, keys)}`];
  if (typeof path === 'string' && !RANGE_KEYS.some((k) => k in parsed)) targets.push(`file:${path}`);
  return targets;
}

/** Pair id → the first later well-formed successful call with a shared read target. */
function supersession(pairs: readonly Pair[]): Map<string, string> {
  const out = new Map<string, string>();
  const latest = new Map<string, string>();
  // Walk backwards so `latest` holds the nearest later reader of each target.
  for (let i = pairs.length - 1; i >= 0; i--) {
    const pair = pairs[i];
    const targets = pair.resultBlock.state === 'success' ? readTargets(pair.toolName, pair.callBlock.input) : [];
    const next = targets.map((t) => latest.get(t)).find((id) => id !== undefined);
    if (next) out.set(pair.pairId, next);
    for (const target of targets) latest.set(target, pair.callId);
  }
  return out;
}

/** Evidence for every candidate of `analysis`, keyed by pair id. */
export function computeEvidence(
  messages: readonly Message[],
  analysis: Analysis,
  goal: string,
): Map<string, CandidateEvidence> {
  const out = new Map<string, CandidateEvidence>();
  if (analysis.candidates.length === 0) return out;
  const novel = novelTermsByResult(messages);
  const index = new TermIndex(agentChunks(messages));
  const goalIndex = new TermIndex([goal.toLowerCase()]);
  const superseded = supersession(analysis.pairs);
  const targetsOf = targetIndex(analysis.pairs);
  for (const pair of analysis.candidates) {
    const terms = novel.get(pair.resultBlock) ?? [];
    // From the result's own message: in the AgentScope 2.x layout the agent writes on after the result
    // in that message, and nothing before the result can hold a term first seen in it.
    const after = pair.result.message;
    const hits = new Map<string, number[]>();
    for (const term of terms) {
      const at = index.find(term, after);
      if (at.length > 0) hits.set(term, at);
    }
    const quotedAt = [...new Set([...hits.values()].flat())].sort((a, b) => a - b);
    const firstAgent = firstAgentMessage(messages, after);
    const restatedCount = firstAgent === null ? 0 : [...hits.values()].filter((at) => at[0] === firstAgent).length;
    out.set(pair.pairId, {
      quoted_in: quotedAt.map((m) => messageId(messages[m], m)),
      terms: [...hits.entries()]
        .sort((a, b) => b[1].length - a[1].length)
        .slice(0, MAX_TERMS)
        .map(([term]) => term),
      superseded_by: superseded.get(pair.pairId) ?? null,
      novelTerms: terms.length,
      quotedAt,
      goalTerms: terms.filter((t) => goalIndex.find(t).length > 0),
      restated: terms.length === 0 ? 0 : restatedCount / terms.length,
      resultChars: resultChars(pair.resultBlock.output),
      targets: targetsOf(pair),
      callCount: analysis.pairs.length,
    });
  }
  return out;
}

/**
 * Target facts for any pair of `pairs`: inputs and results are indexed once, so a term's holders
 * and its later mentions in tool output are two look-ups, not a scan of every result. What a term
 * needs beyond a pair's own position (the calls holding it, the last result message from each
 * result on) is computed once per term: a session names the same paths in thousands of calls.
 */
function targetIndex(pairs: readonly Pair[]): (pair: Pair) => TargetFacts[] {
  const inputs = pairs.map((p) => callInputText(p.callBlock.input));
  const inputIndex = new TermIndex(inputs.map((text) => text.toLowerCase()));
  const resultIndex = new TermIndex(
    pairs.map((p) => (isTextOutput(p.resultBlock.output) ? outputText(p.resultBlock.output).toLowerCase() : '')),
  );
  const position = new Map(pairs.map((p, i) => [p, i]));
  const byTerm = new Map<string, { holding: Set<number>; inResults: number[]; lastFrom: number[] }>();
  const termFacts = (term: string) => {
    let facts = byTerm.get(term);
    if (!facts) {
      const inResults = resultIndex.find(term);
      // lastFrom[k]: the latest result message among inResults[k…].
      const lastFrom = new Array<number>(inResults.length);
      for (let k = inResults.length - 1; k >= 0; k--)
        lastFrom[k] = Math.max(pairs[inResults[k]].result.message, lastFrom[k + 1] ?? -Infinity);
      facts = { holding: new Set([...inputIndex.find(term), ...inResults]), inResults, lastFrom };
      byTerm.set(term, facts);
    }
    return facts;
  };
  return (pair) => {
    const at = position.get(pair) ?? -1;
    return targetTerms(inputs[at] ?? '').map((term) => {
      const { holding, inResults, lastFrom } = termFacts(term);
      const later = firstAbove(inResults, at);
      return {
        term,
        holders: holding.size + (holding.has(at) ? 0 : 1),
        lastOutputAt: later < inResults.length ? lastFrom[later] : null,
      };
    });
  };
}

/** The first position of ascending `list` whose value is above `value` (`list.length` when none). */
function firstAbove(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function firstAgentMessage(messages: readonly Message[], from: number): number | null {
  for (let m = from; m < messages.length; m++) if (messages[m].role === 'assistant') return m;
  return null;
}

/** The public part of a candidate's evidence (what a decision and an export carry). */
export function publicLink(evidence: CandidateEvidence): EvidenceLink {
  return { quoted_in: evidence.quoted_in, terms: evidence.terms, superseded_by: evidence.superseded_by };
}
