/**
 * The package's main entry: the compaction engine (SPEC R1–R15) and its decision-model
 * backends, for agent hosts that embed it in their own process. Pure TypeScript: no Node
 * built-ins, no DOM, no Electron. The inspector's helpers, the host contract, the evaluator
 * and the example histories are subpath exports (`compaction-inspector/inspect`, `/ipc`,
 * `/eval`, `/examples`).
 */
export * from './schema.js';
export * from './containers.js';
export type { CompactDetails, CompactOptions, Progress } from './compact.js';
export {
  compactContext,
  compactDetailed,
  compactParsed,
  decisionsFor,
  parseRequest,
  policyOf,
  RequestError,
} from './compact.js';
export type { Analysis, Pair, Policy } from './guards.js';
export { analyze } from './guards.js';
export * from './decide.js';
export type { RebuildOptions } from './rebuild.js';
export { rebuild, rebuildOptionsOf } from './rebuild.js';
export type { CandidateEvidence, EvidenceLink } from './evidence.js';
export * from './model.js';
export * from './registry.js';
export { createDefaultRegistry } from './backends.js';
export { createOfflineModel, OFFLINE_MODEL_VERSION } from './offline/model.js';
export { createScriptedModel, parseScript, ScriptSchema } from './scripted.js';
export type { Script } from './scripted.js';
export * from './openai/index.js';
