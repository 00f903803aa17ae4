/**
 * Small builders for rule tests: messages, pairs, requests and decision models that are real
 * implementations of the DecisionModel interface (no mocks of our own modules).
 */
import type { CompactResponse, Message, SuccessAnswer } from '../../../core/engine/schema.js';
import type { DecisionBatch, DecisionModel, DecisionResult } from '../../../core/engine/model.js';
import { compactContext } from '../../../core/engine/compact.js';
import { createScriptedModel } from '../../../core/engine/scripted.js';

export type B = { type: string; [key: string]: unknown };

export const txt = (text: string): B => ({ type: 'text', text });
export const tcall = (id: string, name = 'read_file', input = '{"path":"a.txt"}', state = 'finished'): B => ({
  type: 'tool_call',
  id,
  name,
  input,
  state,
});
export const tres = (id: string, output: unknown = 'x'.repeat(800), name = 'read_file', state = 'success'): B => ({
  type: 'tool_result',
  id,
  name,
  output,
  state,
});
export const msg = (id: string, role: string, content: B[] | string): Message => ({ id, role, content });

/** A user opener, `n` assistant messages each holding one read_file pair, and a closing user message. */
export function history(n: number, output = 'x'.repeat(800)): Message[] {
  const messages: Message[] = [msg('m0', 'user', [txt('start')])];
  for (let i = 1; i <= n; i++) messages.push(msg(`m${i}`, 'assistant', [tcall(`c${i}`), tres(`c${i}`, output)]));
  messages.push(msg(`m${n + 1}`, 'user', [txt('next')]));
  return messages;
}

/** A request with everything eligible and no recent-window protection unless overridden. */
export function request(
  messages: Message[],
  extra: Record<string, unknown> = {},
  options: Record<string, unknown> = {},
) {
  return {
    messages,
    goal: 'continue the task',
    eligible_tool_names: ['read_file'],
    ...extra,
    options: { preserve_recent_messages: 0, ...options } as Record<string, unknown>,
  };
}

export const scripted = (
  answers: Record<string, { call: number; result: number }>,
  fallback?: { call: number; result: number },
) => createScriptedModel({ answers, ...(fallback ? { default: fallback } : {}) });

/** The same answer for every key; `result` applies to result_* keys, `call` to call_* keys. */
export function constant(
  call: number,
  result: number,
  extra: Partial<DecisionModel> = {},
): DecisionModel & { batches: DecisionBatch[] } {
  const batches: DecisionBatch[] = [];
  return {
    backend: 'test',
    deterministic: true,
    ...extra,
    batches,
    async decide(batch: DecisionBatch): Promise<DecisionResult> {
      batches.push(batch);
      return {
        probabilities: Object.fromEntries(batch.questions.map((q) => [q.key, q.kind === 'call' ? call : result])),
      };
    },
  };
}

/** A model whose answers come from `answer(batch, attempt)`; records every call. */
export function custom(
  answer: (batch: DecisionBatch, attempt: number, signal: AbortSignal) => Promise<DecisionResult> | DecisionResult,
  extra: Partial<DecisionModel> = {},
) {
  const calls: DecisionBatch[] = [];
  const model: DecisionModel = {
    backend: 'test',
    ...extra,
    async decide(batch, signal) {
      calls.push(batch);
      return answer(batch, calls.length - 1, signal);
    },
  };
  return { model, calls };
}

export function allAnswers(batch: DecisionBatch, call: number, result: number): Record<string, number> {
  return Object.fromEntries(batch.questions.map((q) => [q.key, q.kind === 'call' ? call : result]));
}

export async function ok(input: unknown, model: DecisionModel): Promise<SuccessAnswer> {
  const response = await compactContext(input, { model });
  if (!response.success)
    throw new Error(`expected success, got ${response.answer.error.code}: ${response.answer.error.message}`);
  return response.answer;
}

export async function failure(
  input: unknown,
  model: DecisionModel,
  settings = {},
): Promise<Extract<CompactResponse, { success: false }>> {
  const response = await compactContext(input, { model, settings });
  if (response.success) throw new Error('expected failure, got success');
  return response;
}
