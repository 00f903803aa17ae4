/**
 * Target checks (SPEC §9): which targets each format feeds, running their rules on a
 * document, and the verdict on an export — refused when it breaks a rule its source kept,
 * written with a warning when the source already broke it.
 */
import { isRecord } from '../document.js';
import { openSource } from '../index.js';
import type { FormatId, ReadConversation, SourceText, WrittenFile } from '../types.js';
import { agentscope2 } from './agentscope2.js';
import { agentscopeSessionLoad } from './agentscopeSession.js';
import { atifSchema } from './atif.js';
import { anthropicMessages } from './anthropic.js';
import { geminiCliResume } from './geminiCli.js';
import { inspectLogRead } from './inspectLog.js';
import { aiSdkPrompt } from './aiSdk.js';
import { langchainLoad } from './langchain.js';
import { chatCompletions } from './chat.js';
import { claudeCodeResume } from './claudeCode.js';
import { codexResponses, codexResume } from './codexResume.js';
import { miniSweAgentTool, isTextFormat } from './miniSweAgent.js';
import { openhandsEvents } from './openhands.js';
import { openaiResponses } from './responses.js';
import { sweAgentTools } from './sweAgent.js';
import { intercodeResults } from './intercode.js';
import { openclawResume } from './openclawSession.js';
import { smolagentsSteps } from './smolagentsGaia.js';
import type { CheckInput, Target, TargetReport, Violation } from './types.js';

export type { CheckInput, Place, Target, TargetReport, Violation } from './types.js';
export { describePlace } from './places.js';

/**
 * A trajectory's history goes to the model as Chat Completions messages only when it carries
 * `tool_calls` (function calling); thought/action text has no calls for that API to pair.
 */
const sweAgentChat: Target = { ...chatCompletions, applies: (input) => isFunctionCalling(input) };
const miniChat: Target = { ...chatCompletions, applies: (input) => !isTextFormat(input) };

function isFunctionCalling(input: CheckInput): boolean {
  const root = input.doc.kind === 'json' && isRecord(input.doc.value) ? input.doc.value : {};
  return Array.isArray(root.history) && root.history.some((h) => isRecord(h) && Array.isArray(h.tool_calls));
}

/** The targets each format feeds: the tool that reads it back, then the provider API. */
export const TARGETS: Readonly<Record<FormatId, readonly Target[]>> = {
  agentscope: [agentscope2],
  'agentscope-session': [agentscopeSessionLoad, chatCompletions],
  'claude-code': [claudeCodeResume, anthropicMessages],
  'claude-stream-json': [anthropicMessages],
  'anthropic-messages': [anthropicMessages],
  'openai-chat': [chatCompletions],
  'openai-responses': [openaiResponses],
  'inspect-log': [inspectLogRead, chatCompletions],
  'inspect-eval': [chatCompletions],
  openhands: [openhandsEvents],
  'swe-agent': [sweAgentTools, sweAgentChat],
  'mini-swe-agent': [miniSweAgentTool, miniChat],
  'gemini-cli': [geminiCliResume],
  'cline-session': [anthropicMessages],
  'codex-rollout': [codexResume, codexResponses],
  'ai-sdk': [aiSdkPrompt],
  langchain: [langchainLoad],
  // Its history checks (_agent_graph.py) are not encoded yet.
  'pydantic-ai': [],
  atif: [atifSchema],
  intercode: [intercodeResults],
  'openclaw-session': [openclawResume, anthropicMessages],
  'smolagents-gaia': [smolagentsSteps],
};

export function runTargetChecks(input: CheckInput): TargetReport[] {
  return TARGETS[input.read.format].map((target) => {
    const base = {
      target: target.id,
      name: target.name,
      cites: target.cites,
      rules: Object.keys(target.rules),
      advisory: [...(target.advisory ?? [])],
    };
    if (target.applies && !target.applies(input))
      return { ...base, status: 'skipped', violations: [], reason: 'does not apply to this file’s layout' };
    const violations = target.check(input);
    return { ...base, status: violations.length === 0 ? 'pass' : 'fail', violations };
  });
}

/**
 * What an export may do: refuse on a rule the source kept, warn on one the source already broke
 * or one its target calls advisory.
 */
export interface ExportVerdict {
  reports: TargetReport[];
  refused: Violation[];
  warnings: Violation[];
}

export function judgeExport(source: { doc: SourceText; read: ReadConversation }, exported: WrittenFile): ExportVerdict {
  const before = runTargetChecks(source);
  const opened = openSource(exported, { format: source.read.format, conversation: source.read.conversation });
  const reports = runTargetChecks({ doc: opened.doc, read: opened.read, source });
  const warned = new Set([
    ...before.flatMap((r) => r.violations.map((v) => v.rule)),
    ...TARGETS[source.read.format].flatMap((target) => target.advisory ?? []),
  ]);
  const all = reports.flatMap((r) => r.violations);
  return {
    reports,
    refused: all.filter((v) => !warned.has(v.rule)),
    warnings: all.filter((v) => warned.has(v.rule)),
  };
}
