/**
 * The host API as one contract: channel → { args, result } zod schemas. The Electron main
 * process and the local web host parse every incoming payload with it; the renderer imports
 * only its types, so the UI and both hosts cannot drift apart.
 */
import { z } from 'zod';
import { DecisionSchema, ErrorCodeSchema, StatsSchema, ToolInfoSchema } from '../engine/schema.js';

/** Errors that cross the boundary carry a stable code and a message a person can act on. */
export const HOST_ERROR_CODES = [
  'invalid_input',
  'unauthorized',
  'not_found',
  'unsupported',
  'busy',
  'internal',
] as const;
export const HostErrorSchema = z.object({
  code: z.union([z.enum(HOST_ERROR_CODES), ErrorCodeSchema]),
  message: z.string(),
});
export type HostError = z.infer<typeof HostErrorSchema>;

export const BackendChoiceSchema = z.strictObject({
  name: z.string().min(1),
  model: z.string().optional(),
  baseUrl: z.string().optional(),
});
export type BackendChoice = z.infer<typeof BackendChoiceSchema>;

export const HostInfoSchema = z.object({
  host: z.enum(['web', 'electron']),
  version: z.string(),
  backends: z.array(z.string()),
  backend: BackendChoiceSchema,
  /** Only whether a key exists: the key itself never reaches the renderer. */
  apiKeySet: z.boolean(),
  /** Electron can store a key (safeStorage); the web host reads it from the environment only. */
  apiKeyEditable: z.boolean(),
});
export type HostInfo = z.infer<typeof HostInfoSchema>;

export const ExampleSchema = z.object({
  fileName: z.string(),
  text: z.string(),
  goal: z.string(),
  eligible_tool_names: z.array(z.string()),
  protected_message_ids: z.array(z.string()),
  protected_call_ids: z.array(z.string()),
  tools: z.array(ToolInfoSchema).optional(),
  options: z.record(z.string(), z.number()).optional(),
});
export type Example = z.infer<typeof ExampleSchema>;

export const RunProgressSchema = z.object({
  phase: z.enum(['queued', 'observing', 'asking', 'rebuilding', 'done']),
  batchesDone: z.number().int(),
  batchesTotal: z.number().int(),
});

export const AttemptSchema = z.object({
  batch: z.number().int(),
  attempt: z.number().int(),
  durationMs: z.number(),
  ok: z.boolean(),
  error: z.string().nullable(),
  /** Request and response as they went over the wire, key redacted. */
  exchange: z.object({ request: z.unknown(), response: z.unknown() }).nullable(),
});

/**
 * What a finished run tells the inspector. The proposed messages are not sent back: the
 * renderer rebuilds them from the decisions with core's rebuild (the same function the
 * command line uses), which keeps 100 MB histories from crossing the boundary twice.
 */
export const RunOutcomeSchema = z.discriminatedUnion('success', [
  z.object({
    success: z.literal(true),
    changed: z.boolean(),
    reason: z.enum(['compacted', 'no_change', 'no_candidates']),
    decisions: z.array(DecisionSchema),
    stats: StatsSchema,
    observation: z.string().nullable(),
    batches: z.array(z.object({ index: z.number().int(), keys: z.array(z.string()), questionText: z.string() })),
    attempts: z.array(AttemptSchema),
    backend: z.string(),
    model: z.string().nullable(),
  }),
  z.object({
    success: z.literal(false),
    error: HostErrorSchema,
    stats: StatsSchema.nullable(),
    attempts: z.array(AttemptSchema),
    backend: z.string(),
    model: z.string().nullable(),
  }),
]);
export type RunOutcome = z.infer<typeof RunOutcomeSchema>;

export const RunStatusSchema = z.object({
  runId: z.string(),
  state: z.enum(['running', 'finished']),
  progress: RunProgressSchema,
  elapsedMs: z.number(),
  outcome: RunOutcomeSchema.nullable(),
});
export type RunStatus = z.infer<typeof RunStatusSchema>;

const RunId = z.strictObject({ runId: z.string().min(1) });
const Empty = z.strictObject({});

export const contract = {
  'app.info': { args: Empty, result: HostInfoSchema },
  'example.load': { args: Empty, result: ExampleSchema },
  /** `request` is the SPEC request; the host parses it with core's parseRequest. */
  'run.start': { args: z.strictObject({ request: z.unknown(), backend: BackendChoiceSchema }), result: RunId },
  'run.status': { args: RunId, result: RunStatusSchema },
  'run.cancel': { args: RunId, result: z.object({ cancelled: z.boolean() }) },
  /** Electron only: the native open dialog. Null when the user cancels. */
  'file.open': {
    args: Empty,
    result: z.object({ fileName: z.string(), path: z.string(), text: z.string() }).nullable(),
  },
  /** Electron only: save dialog, atomic write of the snapshot and its audit record. */
  'file.save': {
    args: z.strictObject({
      suggestedName: z.string().min(1),
      sourcePath: z.string().nullable(),
      text: z.string(),
      auditText: z.string(),
    }),
    result: z.object({ path: z.string(), auditPath: z.string() }).nullable(),
  },
  /** Electron only: kept by the main process with safeStorage. */
  'apiKey.set': { args: z.strictObject({ apiKey: z.string() }), result: z.object({ apiKeySet: z.boolean() }) },
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export const CHANNELS = Object.keys(contract) as Channel[];
export type ChannelArgs<C extends Channel> = z.input<Contract[C]['args']>;
export type ChannelResult<C extends Channel> = z.infer<Contract[C]['result']>;

export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(contract, name);
}
