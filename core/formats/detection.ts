/**
 * SPEC §9 "Sources": every format's detection (detect/), in the order ties are broken, and
 * each format's adapter behind its import. Detecting a file loads the detectors only; a host
 * that reads one file loads one adapter (lazy.ts), so the command line's start-up pays for no
 * other format's reader and writer (test/bench/cli.bench.ts).
 */
import { agentscopeInfo } from './detect/agentscope.js';
import { agentscopeSessionInfo } from './detect/agentscopeSession.js';
import { anthropicMessagesInfo } from './detect/anthropicMessages.js';
import { claudeCodeInfo } from './detect/claudeCode.js';
import { claudeStreamJsonInfo } from './detect/claudeStreamJson.js';
import { inspectEvalInfo } from './detect/inspectEval.js';
import { codexRolloutInfo } from './detect/codexRollout.js';
import { inspectLogInfo } from './detect/inspectLog.js';
import { miniSweAgentInfo } from './detect/miniSweAgent.js';
import { openaiChatInfo } from './detect/openaiChat.js';
import { openaiResponsesInfo } from './detect/openaiResponses.js';
import { openhandsInfo } from './detect/openhands.js';
import { sweAgentInfo } from './detect/sweAgent.js';
import { geminiCliInfo } from './detect/geminiCli.js';
import { clineSessionInfo } from './detect/clineSession.js';
import { aiSdkInfo } from './detect/aiSdk.js';
import { langchainInfo } from './detect/langchain.js';
import { pydanticAiInfo } from './detect/pydanticAi.js';
import { atifInfo } from './detect/atif.js';
import { intercodeInfo } from './detect/intercode.js';
import { openclawSessionInfo } from './detect/openclawSession.js';
import { smolagentsGaiaInfo } from './detect/smolagentsGaia.js';
import type { Detection, FormatAdapter, FormatId, FormatInfo, SourceText } from './types.js';
import { FormatError } from './types.js';

/** Every format, in the order ties are broken (our own first: a plain role/content list is ours). */
export const FORMAT_INFOS: readonly FormatInfo[] = [
  agentscopeInfo,
  agentscopeSessionInfo,
  claudeCodeInfo,
  claudeStreamJsonInfo,
  openaiChatInfo,
  openaiResponsesInfo,
  anthropicMessagesInfo,
  inspectLogInfo,
  inspectEvalInfo,
  openhandsInfo,
  sweAgentInfo,
  miniSweAgentInfo,
  geminiCliInfo,
  clineSessionInfo,
  codexRolloutInfo,
  aiSdkInfo,
  langchainInfo,
  pydanticAiInfo,
  atifInfo,
  intercodeInfo,
  openclawSessionInfo,
  smolagentsGaiaInfo,
];

/** Each format's adapter module, imported when a file is first read as that format. */
export const ADAPTER_LOADERS: Readonly<Record<FormatId, () => Promise<FormatAdapter>>> = {
  agentscope: async () => (await import('./adapters/agentscope.js')).agentscope,
  'agentscope-session': async () => (await import('./adapters/agentscopeSession.js')).agentscopeSession,
  'claude-code': async () => (await import('./adapters/claudeCode.js')).claudeCode,
  'claude-stream-json': async () => (await import('./adapters/claudeStreamJson.js')).claudeStreamJson,
  'openai-chat': async () => (await import('./adapters/openaiChat.js')).openaiChat,
  'openai-responses': async () => (await import('./adapters/openaiResponses.js')).openaiResponses,
  'anthropic-messages': async () => (await import('./adapters/anthropicMessages.js')).anthropicMessages,
  'inspect-log': async () => (await import('./adapters/inspectLog.js')).inspectLog,
  'inspect-eval': async () => (await import('./adapters/inspectEval.js')).inspectEval,
  openhands: async () => (await import('./adapters/openhands.js')).openhands,
  'swe-agent': async () => (await import('./adapters/sweAgent.js')).sweAgent,
  'mini-swe-agent': async () => (await import('./adapters/miniSweAgent.js')).miniSweAgent,
  'gemini-cli': async () => (await import('./adapters/geminiCli.js')).geminiCli,
  'cline-session': async () => (await import('./adapters/clineSession.js')).clineSession,
  'codex-rollout': async () => (await import('./adapters/codexRollout.js')).codexRollout,
  'ai-sdk': async () => (await import('./adapters/aiSdk.js')).aiSdk,
  langchain: async () => (await import('./adapters/langchain.js')).langchain,
  'pydantic-ai': async () => (await import('./adapters/pydanticAi.js')).pydanticAi,
  atif: async () => (await import('./adapters/atif.js')).atif,
  intercode: async () => (await import('./adapters/intercode.js')).intercode,
  'openclaw-session': async () => (await import('./adapters/openclawSession.js')).openclawSession,
  'smolagents-gaia': async () => (await import('./adapters/smolagentsGaia.js')).smolagentsGaia,
};

/** The formats' ids as errors list them. */
export function formatList(): string {
  return FORMAT_INFOS.map((f) => f.id).join(', ');
}

export function infoFor(id: string): FormatInfo {
  const info = FORMAT_INFOS.find((f) => f.id === id);
  if (!info) throw new FormatError(`unknown format "${id}" (formats: ${formatList()})`, 'unknown_format');
  return info;
}

/** Every format that recognizes the document, most confident first. */
export function detectFormats(doc: SourceText): Detection[] {
  const found: Detection[] = [];
  for (const info of FORMAT_INFOS) {
    const detection = info.detect(doc);
    if (detection) found.push(detection);
  }
  // A stable sort keeps FORMAT_INFOS order among equals.
  return found.sort((a, b) => b.confidence - a.confidence);
}

/** The format `format` names (unknown is an error), or the most confident one; none is an error. */
export function detectionOf(doc: SourceText, format?: string): Detection {
  if (format !== undefined) {
    const info = infoFor(format);
    return info.detect(doc) ?? { format: info.id, confidence: 0, reason: 'named by the caller' };
  }
  const [best] = detectFormats(doc);
  if (!best)
    throw new FormatError(
      `not a history in any known format (${formatList()}); expected, for example, an array of messages, JSON Lines, or an agent state {"context": [...]}`,
      'not_a_history',
    );
  return best;
}
