/**
 * Native transcript formats (SPEC §9 "Sources"): the registry, detection, and the two calls
 * hosts make — open a file into one conversation of our message model, and export a proposal
 * back into the file's own format. `compaction-inspector/formats` for library users. Every
 * adapter is loaded here, so these calls are synchronous; lazy.ts opens a file loading only
 * its format's adapter.
 */
import { writeHistory } from '../engine/containers.js';
import type { MarkerSettings } from '../engine/rebuild.js';
import type { Pair } from '../engine/guards.js';
import type { Action, Message } from '../engine/schema.js';
import { agentscope } from './adapters/agentscope.js';
import { agentscopeSession } from './adapters/agentscopeSession.js';
import { anthropicMessages } from './adapters/anthropicMessages.js';
import { claudeCode } from './adapters/claudeCode.js';
import { claudeStreamJson } from './adapters/claudeStreamJson.js';
import { inspectEval } from './adapters/inspectEval.js';
import { codexRollout } from './adapters/codexRollout.js';
import { inspectLog } from './adapters/inspectLog.js';
import { miniSweAgent } from './adapters/miniSweAgent.js';
import { openaiChat } from './adapters/openaiChat.js';
import { openaiResponses } from './adapters/openaiResponses.js';
import { openhands } from './adapters/openhands.js';
import { sweAgent } from './adapters/sweAgent.js';
import { geminiCli } from './adapters/geminiCli.js';
import { clineSession } from './adapters/clineSession.js';
import { aiSdk } from './adapters/aiSdk.js';
import { langchain } from './adapters/langchain.js';
import { pydanticAi } from './adapters/pydanticAi.js';
import { atif } from './adapters/atif.js';
import { intercode } from './adapters/intercode.js';
import { openclawSession } from './adapters/openclawSession.js';
import { smolagentsGaia } from './adapters/smolagentsGaia.js';
import { detectionOf, infoFor } from './detection.js';
import type { ReadBounds, SourceInput } from './bytes.js';
import { parseInput } from './bytes.js';
import type { InspectedSource, OpenedSource } from './open.js';
import { inspectWith, readWith } from './open.js';
import { actionsForTargets, proposalOf, withoutThinkingOnlyReplies, withReceiptsBeforeCalls } from './proposal.js';
import type { ExportAs, FormatAdapter, FormatId, Proposal, WrittenFile } from './types.js';
import { FORMAT_IDS, FormatError } from './types.js';

export * from './types.js';
export { detectFormats } from './detection.js';
export { parseSource, serializeRecords, serializeValue } from './document.js';
export type { ReadBounds, SourceInput } from './bytes.js';
export { isBinarySource, parseInput } from './bytes.js';
export { installCompressor, ZSTD } from './zip/members.js';
export type { InspectedSource, OpenedSource } from './open.js';
export { countToolBlocks, sourceSummary } from './open.js';
export { unchangedProposal } from './proposal.js';
export {
  canResume,
  isProjectSessionPath,
  isSessionUuid,
  projectFolderName,
  resumableSession,
  resumeCommand,
  resumeStep,
  resumeSteps,
  sessionCwdOf,
  sessionFileName,
} from './adapters/claudeResume.js';
export type { WrittenSession } from './adapters/claudeResume.js';

/** Every format, in the order ties are broken (detection.ts), with its whole adapter. */
export const FORMATS: readonly FormatAdapter[] = [
  agentscope,
  agentscopeSession,
  claudeCode,
  claudeStreamJson,
  openaiChat,
  openaiResponses,
  anthropicMessages,
  inspectLog,
  inspectEval,
  openhands,
  sweAgent,
  miniSweAgent,
  geminiCli,
  clineSession,
  codexRollout,
  aiSdk,
  langchain,
  pydanticAi,
  atif,
  intercode,
  openclawSession,
  smolagentsGaia,
];

export function isFormatId(id: string): id is FormatId {
  return (FORMAT_IDS as readonly string[]).includes(id);
}

export function adapterFor(id: string): FormatAdapter {
  const info = infoFor(id);
  return FORMATS.find((f) => f.id === info.id) as FormatAdapter;
}

/** Parses and detects (or takes `format` as given); lists the conversations. */
export function inspectSource(input: SourceInput, format?: string, bounds: ReadBounds = {}): InspectedSource {
  const doc = parseInput(input, bounds);
  const detection = detectionOf(doc, format);
  return inspectWith(doc, detection, adapterFor(detection.format));
}

/** Reads one conversation: `conversation`, or the only one; several and none named is an error listing them. */
export function openConversation(source: InspectedSource, conversation?: string): OpenedSource {
  return readWith(source, adapterFor(source.format), conversation);
}

/** `inspectSource` then `openConversation`. */
export function openSource(
  input: SourceInput,
  choice: { format?: string; conversation?: string } & ReadBounds = {},
): OpenedSource {
  return openConversation(inspectSource(input, choice.format, choice), choice.conversation);
}

/** The proposal in the source's own format and container: text, or bytes for a `.eval` ZIP. */
export function exportFile(source: Pick<OpenedSource, 'doc' | 'read'>, proposal: Proposal): WrittenFile {
  return adapterFor(source.read.format).write(source.doc, source.read, proposal);
}

/** `exportFile` for a text format; a binary source (a `.eval` ZIP) is an error: use `exportFile`. */
export function exportSource(source: Pick<OpenedSource, 'doc' | 'read'>, proposal: Proposal): string {
  return asText(exportFile(source, proposal), source.read.format);
}

function asText(file: WrittenFile, format: FormatId): string {
  if (typeof file === 'string') return file;
  throw new FormatError(`${format} is written as bytes, not text`, 'invalid_shape');
}

/**
 * A proposal as the writers need it (R13–R14 edits and the rebuilt messages). With `source`
 * (an export in the source's own format), a drop_call whose call a target of the format needs
 * is written as drop_result and listed in `keptForTargets` (SPEC §9 "Target checks"), and a
 * format that cannot hold a §9 drop receipt (`FormatAdapter.holdsReceipts`) is written
 * without receipts, its messages saying the same.
 */
export function proposalFor(
  messages: readonly Message[],
  pairs: readonly Pair[],
  actions: ReadonlyMap<string, Action>,
  request: MarkerSettings,
  source?: Pick<OpenedSource, 'doc' | 'read'>,
): Proposal {
  if (!source) return proposalOf(messages, pairs, actions, request);
  const adapter = adapterFor(source.read.format);
  const written = actionsForTargets(adapter, source, pairs, actions);
  const markers = adapter.holdsReceipts === true ? request : { ...request, drop_receipts: false };
  const proposal = { ...proposalOf(messages, pairs, written.actions, markers), keptForTargets: written.kept };
  const placed =
    adapter.receiptsBeforeCalls === true && markers.drop_receipts === true
      ? withReceiptsBeforeCalls(proposal)
      : proposal;
  return adapter.thinkingGoesWithReply ? withoutThinkingOnlyReplies(messages, placed) : placed;
}

/** The snapshot an export writes (`as`): the source's own format, or our message array (SPEC §1). */
export function exportedFile(
  source: Pick<OpenedSource, 'doc' | 'read'>,
  proposal: Proposal,
  as: ExportAs,
): WrittenFile {
  return as === 'messages'
    ? writeHistory({ kind: 'array', wrapper: null, indent: 2 }, proposal.messages)
    : exportFile(source, proposal);
}

/** `exportedFile` as text, for a text format (a `.eval` ZIP is an error: use `exportedFile`). */
export function exportText(source: Pick<OpenedSource, 'doc' | 'read'>, proposal: Proposal, as: ExportAs): string {
  return asText(exportedFile(source, proposal, as), source.read.format);
}
