/**
 * The library API for agent hosts that embed the engine in their own process.
 * Pure TypeScript: no Node built-ins, no DOM, no Electron.
 */
export * from './schema.js';
export * from './containers.js';
export type { BlockRef, PairingProblem, UnpairedId } from './pairing.js';
export { pairBlocks } from './pairing.js';
export type { Analysis, Pair, Policy } from './guards.js';
export { analyze, isTextOutput, outputText } from './guards.js';
export * from './observation.js';
export { estimateTokens } from './tokens.js';
export * from './model.js';
export { callKey, resultKey, questionsFor } from './questions.js';
export { planBatches, REQUEST_RESERVE_TOKENS } from './batching.js';
export type { AttemptRecord } from './runner.js';
export { CompactionError, runBatches, validateAnswer } from './runner.js';
export * from './decide.js';
export { omissionMarker, rebuild, truncateOutput } from './rebuild.js';
export type { CompactDetails, CompactOptions, Progress } from './compact.js';
export { compactContext, compactDetailed, decisionsFor, parseRequest, policyOf, RequestError } from './compact.js';
export * from './registry.js';
export { createScriptedModel, parseScript, ScriptSchema } from './scripted.js';
export type { Script } from './scripted.js';
export { createOfflineModel, OFFLINE_MODEL_VERSION } from './offline/model.js';
export { createDefaultRegistry } from './backends.js';
export * from './openai/index.js';
export * from './contract.js';
export * from './summary.js';
export * from './curve.js';
export * from './align.js';
export { paymentRetryScenario, replicationIncidentScenario, SCENARIOS, scenarioRequest } from './examples/index.js';
export type { Scenario } from './examples/index.js';
export type { CandidateEvidence, EvidenceLink } from './evidence.js';
export { computeEvidence, publicLink } from './evidence.js';
export type { Cut } from './eval/cuts.js';
export { pickCuts } from './eval/cuts.js';
export { labelContext, labelLaterUse } from './eval/labels.js';
export type { CutResult, EvalSettings } from './eval/evaluate.js';
export { evaluateCut } from './eval/evaluate.js';
export { advise, pool } from './eval/pool.js';
export type { EvalReport } from './eval/report.js';
export { renderTable } from './eval/report.js';
export { renderHtml } from './eval/html.js';
