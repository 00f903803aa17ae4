/**
 * The `scripted` backend (SPEC §8): probabilities from a JSON script keyed by the original
 * call id, for tests and replays. A candidate with no entry and no default is a missing
 * answer (R11); a value outside [0, 1] is passed on for the engine to reject.
 */
import { z } from 'zod';
import type { DecisionBatch, DecisionModel, DecisionResult } from './model.js';
import { zeroUsage } from './model.js';
import { describeZodError } from './schema.js';

const Entry = z.strictObject({ call: z.number(), result: z.number() });
export const ScriptSchema = z.strictObject({
  answers: z.record(z.string(), Entry).default({}),
  default: Entry.optional(),
});
export type Script = z.infer<typeof ScriptSchema>;

export function parseScript(value: unknown): Script {
  const parsed = ScriptSchema.safeParse(value);
  if (!parsed.success) throw new Error(`decision script: ${describeZodError(parsed.error)}`);
  // zod's record drops an own "__proto__" key (neither validated nor kept), so a call id
  // "__proto__" lost its entry; it is checked and added back, fromEntries keeping it own.
  const answers = Object.fromEntries(Object.entries(parsed.data.answers).concat(ownProto(value)));
  return { ...parsed.data, answers };
}

/** The validated entry under an own "__proto__" key of the raw script, if there is one. */
function ownProto(value: unknown): Array<[string, z.infer<typeof Entry>]> {
  const raw = (value as { answers?: unknown }).answers;
  if (typeof raw !== 'object' || raw === null || !Object.hasOwn(raw, '__proto__')) return [];
  const entry = Entry.safeParse((raw as Record<string, unknown>)['__proto__']);
  if (!entry.success) throw new Error(`decision script: ${describeZodError(entry.error, 'answers.__proto__')}`);
  return [['__proto__', entry.data]];
}

export function createScriptedModel(script: Script): DecisionModel {
  return {
    backend: 'scripted',
    model: null,
    deterministic: true,
    async decide(batch: DecisionBatch): Promise<DecisionResult> {
      const probabilities: Record<string, number> = {};
      for (const question of batch.questions) {
        const entry = Object.hasOwn(script.answers, question.callId) ? script.answers[question.callId] : script.default;
        if (entry) probabilities[question.key] = entry[question.kind];
      }
      return { probabilities, usage: zeroUsage() };
    },
  };
}
