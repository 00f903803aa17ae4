/**
 * The host API, implemented once and served by both hosts: every payload is parsed with the
 * contract on the way in and checked on the way out. Host-specific channels (native dialogs,
 * the stored key) are passed in by the Electron main process; the web host answers
 * `unsupported` for them because the browser does those itself.
 */
import type { Channel, ChannelParsedArgs, ChannelResult, Example, HostInfo } from '../../core/ipc/contract.js';
import { contract, isChannel, parseArgs } from '../../core/ipc/contract.js';
import { describeZodError } from '../../core/engine/schema.js';
import { AuditRecordSchema } from '../../core/records/audit.js';
import type { SignerKey } from '../signing/auditSignature.js';
import { HostApiError } from './errors.js';
import type { AdmittedBody, RunManager } from './runs.js';
import type { WorkspaceManager } from './workspaces.js';
import type { ApprovalQueue } from './approvals.js';
import { applyApproval, rejectApproval } from './approvals.js';

/** What the transport knows of one call beyond its args: the web host's hold on the body it read. */
export interface CallContext {
  admitted?: AdmittedBody;
}

/** The host side of the contract: each channel's handler gets its args as the gate parsed them. */
export type Handlers = {
  [C in Channel]: (args: ChannelParsedArgs<C>, context: CallContext) => Promise<ChannelResult<C>> | ChannelResult<C>;
};

export interface HostApiDeps {
  info: () => HostInfo;
  example: () => Example;
  runs: RunManager;
  workspaces: WorkspaceManager;
  /** The approval queue live agents' hooks fill (app/host/approvals.ts). */
  approvals: ApprovalQueue;
  /** Signs an audit record's text with the host's key; null when no key is configured. */
  sign?: ((recordText: string) => { text: string; signer: SignerKey }) | null;
  /** Electron adds file.open, file.save and apiKey.set. */
  extra?: Partial<Handlers>;
}

const unsupported = (what: string) => () => {
  throw new HostApiError('unsupported', `${what} is done by the browser in the web host`);
};

export function createHandlers(deps: HostApiDeps): Handlers {
  return {
    'app.info': () => deps.info(),
    'example.load': () => deps.example(),
    'run.start': ({ request, backend, apiKey }, { admitted }) => ({
      runId: deps.runs.start(request, backend, apiKey, admitted),
    }),
    'run.status': ({ runId }) => {
      const status = deps.runs.status(runId);
      if (!status) throw new HostApiError('not_found', `no run "${runId}"`);
      return status;
    },
    'run.cancel': ({ runId }) => ({ cancelled: deps.runs.cancel(runId) }),
    'workspace.start': (args, { admitted }) => ({
      workspaceId: deps.workspaces.start(args, args.backend, admitted),
    }),
    'workspace.status': ({ workspaceId }) => {
      const status = deps.workspaces.status(workspaceId);
      if (!status) throw new HostApiError('not_found', `no workspace evaluation "${workspaceId}"`);
      return status;
    },
    'workspace.cancel': ({ workspaceId }) => ({ cancelled: deps.workspaces.cancel(workspaceId) }),
    'audit.sign': ({ recordText }) => {
      if (!deps.sign) return null;
      // Only audit records are signed: the namespace says what the signature is for, and a
      // record that does not parse is not one.
      let value: unknown;
      try {
        value = JSON.parse(recordText);
      } catch {
        throw new HostApiError('invalid_input', 'audit.sign: the record is not JSON');
      }
      const parsed = AuditRecordSchema.safeParse(value);
      if (!parsed.success)
        throw new HostApiError('invalid_input', `audit.sign: not an audit record: ${describeZodError(parsed.error)}`);
      const { text, signer } = deps.sign(recordText);
      return { signature: text, signer };
    },
    'approvals.list': () => ({ queueDir: deps.approvals.dir, entries: deps.approvals.list() }),
    'approvals.open': ({ id }) => ({
      entry: deps.approvals.entry(id),
      decision: deps.approvals.decision(id),
      text: deps.approvals.original(id).toString('utf8'),
    }),
    'approvals.decide': (args) =>
      args.verdict === 'reject'
        ? rejectApproval(deps.approvals, args.id, args.reviewer)
        : applyApproval(deps.approvals, args.id, {
            threshold: args.threshold,
            overrides: args.overrides,
            reviewer: args.reviewer,
            autoApplyNext: args.autoApplyNext,
          }),
    'approvals.events': ({ since }) => deps.approvals.events(since),
    'file.open': unsupported('opening a file'),
    'file.save': unsupported('saving a file'),
    'apiKey.set': () => {
      throw new HostApiError(
        'unsupported',
        'the web host reads the API key from the environment (DECISION_MODEL_API_KEY) only',
      );
    },
    ...deps.extra,
  };
}

/** Parses args, runs the handler, checks the result: the one gate every call passes. */
export async function dispatch(
  handlers: Handlers,
  channel: string,
  payload: unknown,
  context: CallContext = {},
): Promise<unknown> {
  if (!isChannel(channel)) throw new HostApiError('not_found', `unknown channel "${channel}"`);
  const parsed = parseArgs(channel, payload);
  if (!parsed.ok) throw new HostApiError('invalid_input', parsed.message);
  const handler = handlers[channel] as (a: unknown, c: CallContext) => unknown;
  const result = await handler(parsed.args, context);
  const checked = contract[channel].result.safeParse(result);
  if (!checked.success)
    throw new HostApiError('internal', `${channel} produced an invalid result: ${describeZodError(checked.error)}`);
  return checked.data;
}
