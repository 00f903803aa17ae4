/**
 * The host API as one contract: channel → { args, result } zod schemas, and from them every
 * adapter's type (`HostApi`, `PreloadApi`). The Electron main process and the local web host
 * parse every incoming payload with it (app/host/api.ts); the renderer's bridges, the preload
 * table and the tests' in-process bridge are typed by it, with the channel names as method
 * names, so renaming a channel here is the whole change and the compiler finds every user.
 */
import { z } from 'zod';
import type { Message } from '../engine/schema.js';
import {
  ActionSchema,
  DecisionSchema,
  describeZodError,
  ErrorCodeSchema,
  RequestSchema,
  StatsSchema,
  ToolInfoSchema,
} from '../engine/schema.js';
import { AuditDraftSchema } from '../records/audit.js';
import type { WrittenSession } from '../formats/adapters/claudeResume.js';
import { canResume } from '../formats/adapters/claudeResume.js';
import {
  ApprovalDecisionSchema,
  ApprovalEntrySchema,
  ApprovalIdSchema,
  ApprovalSummarySchema,
  CompactionUpdateSchema,
} from '../approvals/entry.js';
import { WorkspaceFileSchema, WorkspaceId, WorkspacePolicySchema, WorkspaceStatusSchema } from './workspace.js';

export type { WorkspaceStatus } from './workspace.js';

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

/**
 * The host's key belongs to the base URL it was configured with: a run aimed at another one
 * sends it no key unless the person enters one for that URL. Blank means the configured URL;
 * a trailing slash is not a different URL.
 */
export function sameBaseUrl(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (url: string | null | undefined) => (url ?? '').trim().replace(/\/+$/, '');
  const left = norm(a);
  const right = norm(b);
  return left === '' || left === right;
}

/**
 * The key that signs exports' audit records (SSH, app/signing/): its type, `SHA256:`
 * fingerprint and the key file's comment. The public half only: the key stays in the host.
 */
export const SignerSchema = z.object({ keyType: z.string(), fingerprint: z.string(), comment: z.string() });
export type Signer = z.infer<typeof SignerSchema>;

export const HostInfoSchema = z.object({
  host: z.enum(['web', 'electron']),
  version: z.string(),
  backends: z.array(z.string()),
  backend: BackendChoiceSchema,
  /** Only whether a key exists: the key itself never reaches the renderer. */
  apiKeySet: z.boolean(),
  /** Electron can store a key (safeStorage); the web host reads it from the environment only. */
  apiKeyEditable: z.boolean(),
  /** The account the host runs as: the reviewer an export names until the person names another. */
  osUser: z.string().nullable(),
  /** The key the host signs exports with (COMPACTION_INSPECTOR_SIGN_KEY); null when exports are unsigned. */
  signer: SignerSchema.nullable().default(null),
  /** How this installation starts its command line: the restore server's configuration names it (§9). */
  cliLauncher: z
    .object({
      command: z.string(),
      args: z.array(z.string()),
      env: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
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

/**
 * What a run is asked besides the history: the SPEC request (core/engine/schema.ts) without
 * its messages. The renderer keeps it with the proposal; the audit record repeats its fields.
 */
export const RunSettingsSchema = RequestSchema.omit({ messages: true });
export type RunSettings = z.infer<typeof RunSettingsSchema>;

/**
 * `run.start`'s request: the SPEC request. The gate checks every field but the messages'
 * shape, which the host's parseRequest checks once, with the nesting limit, on the caller's
 * own objects: zod's copies would reorder their keys, and parsing a 100,000-message history
 * costs ~0.7 s each time.
 */
export const RunRequestSchema = RunSettingsSchema.extend({
  messages: z.custom<Message[]>(Array.isArray, 'expected an array of messages'),
});

/**
 * A file Electron's dialog opened: its bytes, as the web page's picker hands them to the snapshot
 * worker, so a binary history (an Inspect `.eval` ZIP) crosses the IPC as it is.
 */
export const OpenedFileSchema = z.object({
  fileName: z.string(),
  path: z.string(),
  bytes: z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'expected bytes'),
});
export type OpenedFile = z.infer<typeof OpenedFileSchema>;

/** SPEC §9: the export written again as a new Claude Code session, and the directory it was recorded in. */
export const WrittenSessionSchema = z.object({
  path: z.string(),
  sessionId: z.string(),
  inProject: z.boolean(),
  cwd: z.string().nullable(),
}) satisfies z.ZodType<WrittenSession>;

const RunId = z.strictObject({ runId: z.string().min(1) });
const ApprovalId = z.strictObject({ id: ApprovalIdSchema });
const Empty = z.strictObject({});

export const contract = {
  'app.info': { args: Empty, result: HostInfoSchema },
  'example.load': { args: Empty, result: ExampleSchema },
  'run.start': {
    args: z.strictObject({
      request: RunRequestSchema,
      backend: BackendChoiceSchema,
      /**
       * The key for `backend.baseUrl` when it is not the configured one (sameBaseUrl): this
       * run only, never stored, never returned, not part of the backend an export records.
       */
      apiKey: z.string().optional(),
    }),
    result: RunId,
  },
  'run.status': { args: RunId, result: RunStatusSchema },
  'run.cancel': { args: RunId, result: z.object({ cancelled: z.boolean() }) },
  /** Many sessions under one policy (core/eval/workspace.ts): started, polled and cancelled like a run. */
  'workspace.start': {
    args: z.strictObject({
      files: z.array(WorkspaceFileSchema).min(1),
      policy: WorkspacePolicySchema,
      backend: BackendChoiceSchema,
    }),
    result: WorkspaceId,
  },
  'workspace.status': { args: WorkspaceId, result: WorkspaceStatusSchema },
  'workspace.cancel': { args: WorkspaceId, result: z.object({ cancelled: z.boolean() }) },
  /**
   * Electron only: the native open dialog; null when the user cancels. The web page opens
   * files with the browser's own picker, so the web host answers `unsupported`.
   */
  'file.open': { args: Empty, result: OpenedFileSchema.nullable() },
  /**
   * The snapshot, the archive of the original (its bytes), the audit record (completed and
   * verified by core/audit/bundle.ts) and, when asked, the HTML report. Electron: save
   * dialog, then every file committed atomically beside the snapshot; the web bridge:
   * downloads. Null when the user cancels. `resumable` (a Claude Code session exported as one,
   * SPEC §9): the snapshot also as a new session, in the source's project folder when it came
   * from one (Electron), else beside the snapshot (Electron) or downloaded (the web bridge).
   */
  'file.save': {
    args: z
      .strictObject({
        suggestedName: z.string().min(1),
        sourcePath: z.string().nullable(),
        /** The snapshot: text, or bytes for a binary format (an Inspect `.eval` ZIP). */
        text: z.union([z.string(), z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'expected text or bytes')]),
        archive: z.instanceof(Uint8Array),
        audit: AuditDraftSchema,
        report: z.boolean().default(false),
        resumable: z.boolean().default(false),
      })
      .refine((a) => !a.resumable || canResume(a.audit.source.format, a.audit.exported_as), {
        path: ['resumable'],
        message: 'only a Claude Code session exported in its own format can be written as a resumable session',
      }),
    result: z
      .object({
        path: z.string(),
        archivePath: z.string(),
        auditPath: z.string(),
        reportPath: z.string().nullable(),
        /** The record's detached signature and its signer, when the host signs exports. */
        signaturePath: z.string().nullable().default(null),
        signedBy: SignerSchema.nullable().default(null),
        /** The resumable session, when asked for. */
        session: WrittenSessionSchema.nullable().default(null),
      })
      .nullable(),
  },
  /**
   * The web bridge's exports: the host signs the record's exact text with its key (the key never
   * leaves the host) for the signature download beside it; null when no key is configured.
   * Electron signs inside file.save.
   */
  'audit.sign': {
    args: z.strictObject({ recordText: z.string() }),
    result: z.object({ signature: z.string(), signer: SignerSchema }).nullable(),
  },
  /**
   * The approval queue (core/approvals/entry.ts): proposals live agents wait on. `list` gives the
   * figures of each; `open` one entry with the session text it was computed from, for the audit
   * view; `decide` approves (writing the approved history where the agent resumes it, with the
   * threshold and overrides the person set) or rejects; `events` the lifecycle as ACP
   * `compaction_update` notifications from the `since`-th on.
   */
  'approvals.list': {
    args: Empty,
    result: z.object({ queueDir: z.string(), entries: z.array(ApprovalSummarySchema) }),
  },
  'approvals.open': {
    args: ApprovalId,
    result: z.object({ entry: ApprovalEntrySchema, decision: ApprovalDecisionSchema.nullable(), text: z.string() }),
  },
  'approvals.decide': {
    args: z.discriminatedUnion('verdict', [
      z.strictObject({
        id: ApprovalIdSchema,
        verdict: z.literal('approve'),
        threshold: z.number().min(0).max(1),
        overrides: z.record(z.string(), ActionSchema).default({}),
        reviewer: z.string().trim().min(1, 'name the reviewer who approves'),
        autoApplyNext: z.boolean().default(false),
      }),
      z.strictObject({
        id: ApprovalIdSchema,
        verdict: z.literal('reject'),
        reviewer: z.string().trim().min(1).nullable(),
      }),
    ]),
    result: ApprovalDecisionSchema,
  },
  'approvals.events': {
    args: z.strictObject({ since: z.number().int().min(0).default(0) }),
    result: z.object({ events: z.array(CompactionUpdateSchema), next: z.number().int() }),
  },
  /** Electron only: kept by the main process with safeStorage. */
  'apiKey.set': { args: z.strictObject({ apiKey: z.string() }), result: z.object({ apiKeySet: z.boolean() }) },
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export const CHANNELS = Object.keys(contract) as Channel[];
/** What a caller sends (defaults may be left out). */
export type ChannelArgs<C extends Channel> = z.input<Contract[C]['args']>;
/** What a handler receives once the gate parsed it (defaults filled in). */
export type ChannelParsedArgs<C extends Channel> = z.infer<Contract[C]['args']>;
export type ChannelResult<C extends Channel> = z.infer<Contract[C]['result']>;
export type WorkspaceStartArgs = ChannelParsedArgs<'workspace.start'>;

/** The host API as callers see it: one method per channel, named by the channel. */
export type HostApi = { [C in Channel]: (args: ChannelArgs<C>) => Promise<ChannelResult<C>> };

export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/** The gate's check of a call's args: parsed, or one line naming the field at fault. */
export function parseArgs<C extends Channel>(
  channel: C,
  payload: unknown,
): { ok: true; args: ChannelParsedArgs<C> } | { ok: false; message: string } {
  const parsed = contract[channel].args.safeParse(payload ?? {});
  return parsed.success
    ? { ok: true, args: parsed.data as ChannelParsedArgs<C> }
    : { ok: false, message: `${channel}: ${describeZodError(parsed.error, 'args')}` };
}

/** How Electron's IPC answers: the result, or the boundary error (never a thrown stack). */
export type IpcReply<T> = { ok: true; result: T } | { ok: false; error: HostError };

/** Electron's IPC channel for a contract channel: what main handles and the preload invokes. */
export type IpcName<C extends Channel = Channel> = `inspector:${C}`;
export function ipcName<C extends Channel>(channel: C): IpcName<C> {
  return `inspector:${channel}`;
}

/**
 * The preload's one object, `window.inspector`: a fixed method per channel and nothing else
 * (no ipcRenderer, no generic invoke), each answering an IpcReply.
 */
export type PreloadApi = { [C in Channel]: (args: ChannelArgs<C>) => Promise<IpcReply<ChannelResult<C>>> };
