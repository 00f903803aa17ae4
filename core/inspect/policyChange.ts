/**
 * A policy edited after a run, against the proposal the run produced (R3–R5, R12, R15). An
 * edit that only takes candidates away (a protected message or call, an unticked tool, a shell
 * pattern excluded) is
 * answered without the model: the guards of the edited policy (guards.ts `analyze`) keep the
 * pairs they now guard, with their guard code and no probabilities, exactly as a fresh pass
 * would record them (assemble.ts `decisionsFor`), and every pair still a candidate keeps the
 * run's answer. Any other edit (the goal, an option but the threshold, a ticked tool, an
 * unprotected id, a shell command pattern widened, the tool list, the backend or model) asks questions the run never asked:
 * it is named here so the inspector can say the proposal is out of date.
 */
import { decisionsFor } from '../engine/assemble.js';
import type { Analysis, Policy } from '../engine/guards.js';
import { analyze } from '../engine/guards.js';
import { callKey, resultKey } from '../engine/questions.js';
import { policyOf } from '../engine/request.js';
import type { Decision, Message, Options } from '../engine/schema.js';
import type { BackendChoice, RunSettings } from '../ipc/contract.js';

/** A policy as a run is asked with it: the request without messages, and the backend. */
export interface AskedPolicy {
  settings: RunSettings;
  backend: BackendChoice;
}

const added = (from: readonly string[], to: readonly string[]) => to.filter((x) => !from.includes(x));
const removed = (from: readonly string[], to: readonly string[]) => from.filter((x) => !to.includes(x));
const quoted = (names: readonly string[]) => names.map((n) => JSON.stringify(n)).join(', ');

/**
 * What changed since `ran` that the model would have to be asked about again, one short
 * phrase each (in the order of the policy panel); empty when `now` only removes candidates
 * or equals the run's policy. The keep threshold (R15) and `archive_ref` (R13, markers only)
 * never need the model.
 */
export function modelNeedingChanges(ran: AskedPolicy, now: AskedPolicy): string[] {
  const a = ran.settings;
  const b = now.settings;
  const out: string[] = [];
  if (a.goal !== b.goal) out.push('the goal');
  const ticked = added(a.eligible_tool_names, b.eligible_tool_names);
  if (ticked.length > 0) out.push(`tool${ticked.length > 1 ? 's' : ''} ${quoted(ticked)} ticked`);
  const messages = removed(a.protected_message_ids, b.protected_message_ids);
  if (messages.length > 0) out.push(`message${messages.length > 1 ? 's' : ''} ${quoted(messages)} unprotected`);
  const calls = removed(a.protected_call_ids, b.protected_call_ids);
  if (calls.length > 0) out.push(`call${calls.length > 1 ? 's' : ''} ${quoted(calls)} unprotected`);
  // R3: a read-only pattern added or an excluded one removed may make shell calls candidates.
  const widened = [
    ...added(a.shell_read_only.allow, b.shell_read_only.allow),
    ...removed(a.shell_read_only.deny, b.shell_read_only.deny),
  ];
  if (widened.length > 0) out.push(`shell pattern${widened.length > 1 ? 's' : ''} ${quoted(widened)} widened`);
  for (const key of Object.keys(a.options) as Array<keyof Options>)
    if (key !== 'keep_threshold' && a.options[key] !== b.options[key])
      out.push(`${key} (${a.options[key]} → ${b.options[key]})`);
  if (JSON.stringify(a.tools ?? null) !== JSON.stringify(b.tools ?? null)) out.push('the tool list');
  if (ran.backend.name !== now.backend.name) out.push(`the backend (${ran.backend.name} → ${now.backend.name})`);
  else {
    if ((ran.backend.model ?? '') !== (now.backend.model ?? '')) out.push('the model');
    if ((ran.backend.baseUrl ?? '') !== (now.backend.baseUrl ?? '')) out.push('the base URL');
  }
  return out;
}

/** The run's answers under a policy that only removes candidates (`modelNeedingChanges` empty). */
export interface NarrowedRun {
  policy: Policy;
  analysis: Analysis;
  /** One per pair, in pair order, as a fresh pass on `settings` with the same answers records them. */
  decisions: Decision[];
}

export function narrowRun(
  messages: readonly Message[],
  ranDecisions: readonly Decision[],
  settings: RunSettings,
): NarrowedRun {
  const policy = policyOf(settings);
  const analysis = analyze(messages, policy);
  const asked = new Map(ranDecisions.map((d) => [d.pair_id, d]));
  const answers = new Map<string, number>();
  for (const d of ranDecisions) {
    if (d.keep_call !== null) answers.set(callKey(d.pair_id), d.keep_call);
    if (d.keep_result !== null) answers.set(resultKey(d.pair_id), d.keep_result);
  }
  const fresh = decisionsFor(analysis, answers, settings.options.keep_threshold);
  // A remaining candidate keeps its decision as the run recorded it (evidence and links included).
  const decisions = fresh.map((d, i) => (analysis.pairs[i].guard === null ? (asked.get(d.pair_id) ?? d) : d));
  return { policy, analysis, decisions };
}
