/**
 * Every term the decision view and the decisions table show — the reason codes (R3, R5, R12),
 * the actions (R12–R14), the two answers (R8) and the kinds of evidence — as a short label in
 * plain words and one line of explanation. The UI shows the label and keeps the code (what the
 * audit record and the command line name) in the explanation; it names no rule numbers, which
 * stay in the docs. The one table of these; the components only look terms up here.
 */
import type { Action, DecisionReason } from '../engine/schema.js';
import { KEPT_LABELS } from './guardCounts.js';

export type EvidenceKind = 'evidence' | 'quoted_in' | 'terms' | 'superseded_by';
export type GlossaryTerm =
  | DecisionReason
  | 'recent_window'
  | 'unpaired'
  | 'candidate'
  | Action
  | 'keep_call'
  | 'keep_result'
  | 'override'
  | EvidenceKind;

/** What an action is called on screen: short, never truncated, drop_result and drop_call told apart by words. */
export const ACTION_LABELS: Readonly<Record<Action, string>> = {
  keep: 'keep',
  drop_result: 'drop output',
  drop_call: 'drop call',
};

export const LABELS: Readonly<Record<GlossaryTerm, string>> = {
  ...KEPT_LABELS,
  ...ACTION_LABELS,
  result_needed: 'output needed',
  call_needed: 'call needed',
  not_needed: 'not needed',
  peer_kept: 'peer keeps',
  peer_cleared: 'peer clears',
  peer_not_triggered: 'peer not triggered',
  candidate: 'candidate',
  keep_call: 'keep call',
  keep_result: 'keep output',
  override: 'override',
  evidence: 'evidence',
  quoted_in: 'quoted later in',
  terms: 'terms',
  superseded_by: 'superseded by',
};

export const GLOSSARY: Readonly<Record<GlossaryTerm, string>> = {
  outside_live_context:
    'The agent\u2019s own tool compacted its context after this call: the call is no longer sent when it resumes, so it is kept as it is.',
  call_unfinished: 'The call never finished (its state is not "finished"), so the pair is kept as it is.',
  result_not_success: 'The result is not a success (an error, denied or interrupted), so the pair is kept.',
  name_mismatch: 'The call and its result name different tools, so the pair is kept.',
  invalid_input_json: 'The call input is not a string that parses as JSON, so the pair is kept.',
  non_text_output: 'The result holds more than text (an image, a file), so the pair is kept.',
  tool_not_eligible: 'The tool is not ticked under "Eligible tools"; only ticked tools can be shortened.',
  shell_command_not_read_only:
    'A shell tool is ticked, but this call\u2019s command may write (a file, a redirection, an unknown command), so only its record of the change is kept; read-only commands stay candidates.',
  protected_call_id: 'The call id is protected ("Protect call"), so the pair is kept.',
  protected_message:
    'The call or result sits in a protected message: the first, the last "Preserve recent messages", or a listed one.',
  recent_window:
    'The call or result sits in the last "Preserve recent messages" messages, which are protected (recorded as protected_message).',
  unpaired:
    'A call with no result, a result with no call or before it, or an id used twice; always kept, counted once per id.',
  candidate: 'No guard applies: the model is asked about this call on Run.',
  result_needed: 'Keep output is at or above the threshold: the call and its full output stay.',
  call_needed: 'Keep output is below the threshold but keep call is not: the output is shortened (drop output).',
  not_needed: 'Both answers are below the threshold: the call and its output are removed (drop call).',
  peer_kept: 'A peer policy (what another framework does by default) keeps this result; its rule says why.',
  peer_cleared: 'A peer policy clears or shortens this result under the rule shown, whatever later messages use.',
  peer_not_triggered: 'The peer policy\u2019s trigger did not fire on this history, so it keeps everything.',
  keep: 'The call and its full output stay as they are.',
  drop_result: 'The output keeps its first characters and a marker naming the archive; the call stays.',
  drop_call: 'The call and its output are removed; a message left empty is removed.',
  keep_call: 'The model\u2019s probability that the call and its input still matter for the next action.',
  keep_result: 'The model\u2019s probability that the full output must stay verbatim.',
  override: 'The reviewer chose this action by hand; it wins over the threshold (and is recorded as such).',
  evidence: 'What moved the offline model\u2019s probabilities: each signal and how far it pushed either answer.',
  quoted_in: 'Later messages whose text or call inputs repeat distinctive content first seen in this result.',
  terms: 'The repeated terms themselves, most-quoted first.',
  superseded_by: 'A later call that read the same file or ran the same query again: this copy is older.',
};

const known = (term: string): term is GlossaryTerm => Object.hasOwn(GLOSSARY, term);

export const explain = (term: string): string | null => (known(term) ? GLOSSARY[term] : null);

/** The plain-words label of a term; an unknown term is shown as it is. */
export const labelOf = (term: string): string => (known(term) ? LABELS[term] : term);

/** What each fitting stage (R7) did to the observation the model read, in plain words. */
export const FITTING_LABELS: readonly string[] = [
  'full history',
  'call inputs shortened',
  'old text shortened',
  'old text messages left out',
  'old calls merged',
];

export const FITTING_HELP =
  'What the model read of the history: all of it, or, when it was over "Max state tokens", a version shortened step by step (inputs, then old text, then old messages, then old calls). The history itself is never changed by this.';
