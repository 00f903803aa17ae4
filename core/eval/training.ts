/**
 * Labelled samples for fitting the offline model: one per candidate of a cut, its feature
 * vector exactly as the model computes it inside a real compaction (the model reports it
 * through `onFeatures`), its result size, both later-use labels and the keep_call label.
 *
 * Transcripts are grouped by conversation: the same session read from two formats (the
 * corpus and ../shared/formats hold one Claude Code session twice) is one group, fitted or
 * held out together and counted once, so cross-validation never tests on what it trained on.
 */
import { parseJsonText } from '../engine/depth.js';
import { compactDetailed } from '../engine/compact.js';
import { isTextOutput, outputText } from '../engine/guards.js';
import type { FeatureVector } from '../engine/offline/features.js';
import { neutralWeights } from '../engine/offline/features.js';
import { createOfflineModel, OFFLINE_MODEL_VERSION } from '../engine/offline/model.js';
import { blocksOf } from '../engine/pairing.js';
import type { Message, OptionsInput } from '../engine/schema.js';
import { labelCallUse } from './callLabel.js';
import type { Cut } from './cuts.js';
import { pickCuts } from './cuts.js';
import { cutRequest } from './evaluate.js';
import type { LabelContext, LabelName } from './labels.js';
import { labelCut } from './labels.js';
import { perLabel } from './measure.js';

export interface Sample {
  source: string;
  cut: number;
  callId: string;
  features: FeatureVector;
  resultChars: number;
  /** Length of the call's input as written (a JSON string). */
  inputChars: number;
  /** Compact-JSON length of the cut's history: keeping a result costs resultChars / historyChars of reduction. */
  historyChars: number;
  used: Record<LabelName, boolean>;
  /** The keep_call label (callLabel.ts): the call's input or target is named again from the goal on. */
  callNamed: boolean;
}

/** The samples of one cut; none when its compaction fails (the caller reports it). */
export async function cutSamples(
  source: string,
  context: LabelContext,
  cut: Cut,
  options: OptionsInput = {},
  signal?: AbortSignal,
): Promise<{ samples: Sample[]; error: string | null }> {
  const features = new Map<string, FeatureVector>();
  const model = createOfflineModel({
    weights: neutralWeights(OFFLINE_MODEL_VERSION),
    onFeatures: (pairId, x) => features.set(pairId, x),
  });
  const details = await compactDetailed(cutRequest(context.messages, cut, options), { model, signal, copy: 'shared' });
  if (!details.response.success || details.analysis === null)
    return { samples: [], error: details.response.success ? 'no analysis' : details.response.answer.error.message };
  const labels = labelCut(context, cut);
  const calls = labelCallUse(context, cut);
  const samples: Sample[] = [];
  const historyChars = details.response.answer.stats.chars_before ?? 1;
  for (const pair of details.analysis.candidates) {
    const x = features.get(pair.pairId);
    if (!x) continue;
    const output = pair.resultBlock.output;
    samples.push({
      source,
      cut: cut.index,
      callId: pair.callId,
      features: x,
      resultChars: isTextOutput(output) ? outputText(output).length : 0,
      historyChars,
      inputChars: typeof pair.callBlock.input === 'string' ? pair.callBlock.input.length : 0,
      used: perLabel((label) => labels[label].get(pair.callId)?.used === true),
      callNamed: calls.get(pair.callId)?.needed === true,
    });
  }
  return { samples, error: null };
}

/**
 * Tool-call inputs in a conversation's key. Runs of one agent on one benchmark open with the
 * same instructions and often the same first few commands (five SWE-agent runs of
 * ../shared/corpus-next share their first three), so a short key would merge different runs.
 */
const KEY_CALLS = 20;

/**
 * A key shared by two files of the same conversation, whatever their format: the opening user
 * text and the first tool-call inputs, with whitespace and JSON spelling normalised.
 */
export function conversationKey(messages: readonly Message[]): string {
  const parts: string[] = [];
  const full = () => parts.length > KEY_CALLS;
  for (const message of messages) {
    for (const block of blocksOf(message)) {
      if (parts.length === 0 && message.role === 'user' && block.type === 'text' && typeof block.text === 'string')
        parts.push(block.text);
      if (block.type === 'tool_call' && parts.length > 0 && !full()) parts.push(normalizedInput(block.input));
    }
    if (typeof message.content === 'string' && parts.length === 0 && message.role === 'user')
      parts.push(message.content);
    if (full()) break;
  }
  return parts.map((p) => p.replace(/\s+/g, ' ').trim().slice(0, 400)).join('\u0000');
}

function normalizedInput(input: unknown): string {
  if (typeof input !== 'string') return JSON.stringify(input ?? null);
  const json = parseJsonText(input);
  return json.ok ? JSON.stringify(json.value) : input;
}

export interface Transcript {
  source: string;
  /** The public repository the transcript came from (provenance.ts); absent or null when unknown. */
  repository?: string | null;
  messages: Message[];
}

/** Transcripts of one conversation; the first one stands for it, the others are duplicates. */
export interface ConversationGroup {
  key: string;
  transcripts: Transcript[];
  contexts: LabelContext[];
}

/** Groups by conversation the transcripts that have a cut point at all (others teach nothing). */
export function groupConversations(
  transcripts: readonly Transcript[],
  context: (t: Transcript) => LabelContext,
): ConversationGroup[] {
  const groups = new Map<string, ConversationGroup>();
  for (const transcript of transcripts) {
    if (pickCuts(transcript.messages, 1).length === 0) continue;
    const key = conversationKey(transcript.messages);
    const group = groups.get(key) ?? { key, transcripts: [], contexts: [] };
    group.transcripts.push(transcript);
    group.contexts.push(context(transcript));
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Conversations held out together: a repository's (runs of one agent on one benchmark resemble
 * each other, so holding one run out while fitting on its siblings would leak), or a
 * conversation alone when no manifest names its repository. `members` index `groups`.
 */
export interface HeldOutUnit {
  name: string;
  repository: string | null;
  members: number[];
}

/** The held-out units of `groups`, in the order their first conversation appears. */
export function heldOutUnits(groups: readonly ConversationGroup[]): HeldOutUnit[] {
  const units = new Map<string, HeldOutUnit>();
  groups.forEach((group, i) => {
    const repository = group.transcripts.find((t) => t.repository)?.repository ?? null;
    const name = repository ?? group.transcripts[0].source;
    const key = repository === null ? `conversation\u0000${name}` : `repository\u0000${name}`;
    const unit = units.get(key) ?? { name, repository, members: [] };
    unit.members.push(i);
    units.set(key, unit);
  });
  return [...units.values()];
}

/** Per-group samples joined per unit: what the fit's inner cross-validation holds out together (select.ts). */
export function unitSamples(units: readonly HeldOutUnit[], perGroup: readonly Sample[][]): Sample[][] {
  return units.map((unit) => unit.members.flatMap((i) => perGroup[i] ?? []));
}

/** The training samples of each group (its first transcript, `cuts` cuts), in group order. */
export async function groupSamples(
  groups: readonly ConversationGroup[],
  cuts: number,
  pick: (messages: readonly Message[], count: number) => Cut[],
  options: { signal?: AbortSignal; progress?: (line: string) => void } = {},
): Promise<Sample[][]> {
  const out: Sample[][] = [];
  for (const group of groups) {
    const [transcript] = group.transcripts;
    const samples: Sample[] = [];
    for (const cut of pick(transcript.messages, cuts)) {
      await yieldToHost();
      if (options.signal?.aborted) return out;
      const { samples: found, error } = await cutSamples(transcript.source, group.contexts[0], cut, {}, options.signal);
      if (error) options.progress?.(`${transcript.source} @ m${cut.index}: no samples (${error})`);
      samples.push(...found);
    }
    options.progress?.(`${transcript.source}: ${samples.length} labelled candidates`);
    out.push(samples);
  }
  return out;
}

/** The offline model answers in microtasks only: yield so the host sees a pending Ctrl-C. */
export function yieldToHost(): Promise<void> {
  return new Promise((done) => setTimeout(done, 0));
}
