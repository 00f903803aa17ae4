/**
 * Runs one fuzz case through the real engine with a real backend and classifies the end:
 * a proposal whose invariants hold, a §6 failure code, or a stable `invalid_input` error.
 * Anything else (a crash, a changed input, a hang) throws.
 */
import { compactContext } from '../../../core/engine/compact.js';
import { createOfflineModel } from '../../../core/engine/offline/model.js';
import { createScriptedModel, parseScript } from '../../../core/engine/scripted.js';
import type { DecisionModel } from '../../../core/engine/model.js';
import type { Message } from '../../../core/engine/schema.js';
import { assertProposalInvariants, assertStableError, deepFreeze } from './invariants.js';

export type Outcome = string; // 'compacted' | 'no_change' | 'no_candidates' | an error code | 'invalid_input'

export interface CaseRequest {
  messages: Message[];
  goal: string;
  eligible_tool_names?: string[];
  protected_message_ids?: string[];
  protected_call_ids?: string[];
  archive_ref?: string;
  options?: Record<string, number>;
}

/** R4, computed independently of core/guards.ts for the oracle. */
export function protectedFlags(
  messages: readonly Message[],
  preserveRecent: number,
  ids: readonly string[],
): boolean[] {
  return messages.map(
    (m, i) => i === 0 || i >= messages.length - preserveRecent || (typeof m.id === 'string' && ids.includes(m.id)),
  );
}

export function offlineModel(): DecisionModel {
  return createOfflineModel();
}

export function scriptedModel(script: unknown): DecisionModel {
  return createScriptedModel(parseScript(script));
}

const HANG_MS = 20_000;

/** Runs the request; the messages are deep-frozen first, so any write into them throws. */
export async function runCase(request: CaseRequest, model: DecisionModel): Promise<Outcome> {
  deepFreeze(request.messages);
  let inputJson: string;
  try {
    inputJson = JSON.stringify(request.messages);
  } catch {
    inputJson = '';
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`compactContext hung for ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    const response = await Promise.race([compactContext(request, { model }), hang]);
    const options = request.options ?? {};
    return assertProposalInvariants({
      messages: request.messages,
      inputJson,
      response,
      archiveRef: request.archive_ref ?? 'archived history',
      truncateHeadChars: options.truncate_head_chars ?? 300,
      protectedFlags: protectedFlags(
        request.messages,
        options.preserve_recent_messages ?? 6,
        request.protected_message_ids ?? [],
      ),
    });
  } catch (error) {
    return assertStableError(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Counts outcomes so a test can show that the generators reach every branch. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return counts;
}
