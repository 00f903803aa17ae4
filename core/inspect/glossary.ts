/**
 * One line on every term the decision view and the decisions table show: the reason codes
 * (R3, R5, R12), the actions (R12–R14), the two answers (R8) and the kinds of evidence. The
 * one table of these explanations; the components only look terms up here.
 */
import type { Action, DecisionReason } from '../engine/schema.js';

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

export const GLOSSARY: Readonly<Record<GlossaryTerm, string>> = {
  outside_live_context:
    'The agent\u2019s own tool compacted its context after this call: the call is no longer sent when it resumes, so it is kept as it is.',
  call_unfinished: 'R3: the call never finished (its state is not "finished"), so the pair is kept as it is.',
  result_not_success: 'R3: the result is not a success (an error, denied or interrupted), so the pair is kept.',
  name_mismatch: 'R3: the call and its result name different tools, so the pair is kept.',
  invalid_input_json: 'R3: the call input is not a string that parses as JSON, so the pair is kept.',
  non_text_output: 'R3: the result holds more than text (an image, a file), so the pair is kept.',
  tool_not_eligible: 'R5: the tool is not ticked under "Eligible tools"; only ticked tools can be shortened.',
  shell_command_not_read_only:
    'R5: a shell tool is ticked, but this call\u2019s command may write (a file, a redirection, an unknown command), so only its record of the change is kept; read-only commands stay candidates.',
  protected_call_id: 'R3: the call id is protected ("Protect call"), so the pair is kept.',
  protected_message:
    'R4: the call or result sits in a protected message: the first, the last preserve_recent_messages, or a listed one.',
  recent_window:
    'R4: the call or result sits in the last preserve_recent_messages messages, which are protected (recorded as protected_message).',
  unpaired:
    'R2: a call with no result, a result with no call or before it, or an id used twice; always kept, counted once per id.',
  candidate: 'A candidate (R3): no guard applies; the model is asked about it on Run.',
  result_needed: 'R12: keep_result is at or above the threshold: the call and its full result stay.',
  call_needed: 'R12: keep_result is below the threshold but keep_call is not: the result is shortened (drop_result).',
  not_needed: 'R12: both answers are below the threshold: the call and its result are removed (drop_call).',
  peer_kept: 'A peer policy (what another framework does by default) keeps this result; its rule says why.',
  peer_cleared: 'A peer policy clears or shortens this result under the rule shown, whatever later messages use.',
  peer_not_triggered: 'The peer policy\u2019s trigger did not fire on this history, so it keeps everything.',
  keep: 'keep: the call and its full result stay as they are.',
  drop_result: 'drop_result (R13): the result keeps its first characters and a marker naming the archive.',
  drop_call: 'drop_call (R14): the call and its result are removed; a message left empty is removed.',
  keep_call:
    'keep_call (R8): the model\u2019s probability that the call and its input still matter for the next action.',
  keep_result: 'keep_result (R8): the model\u2019s probability that the full output must stay verbatim.',
  override: 'The reviewer chose this action by hand; it wins over the threshold (and is recorded as such).',
  evidence: 'What moved the offline model\u2019s probabilities: each signal and what it added to either answer.',
  quoted_in: 'Later messages whose text or call inputs repeat distinctive content first seen in this result.',
  terms: 'The repeated terms themselves, most-quoted first.',
  superseded_by: 'A later call that read the same file or ran the same query again: this copy is older.',
};

export const explain = (term: string): string | null =>
  Object.hasOwn(GLOSSARY, term) ? GLOSSARY[term as GlossaryTerm] : null;
