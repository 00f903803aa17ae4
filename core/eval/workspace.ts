/**
 * A policy over many sessions: what the inspector's workspace shows and `eval --policy FILE
 * --policies --json` prints, from one computation (measureAll.ts). Each file is read as `eval`
 * reads it (transcripts.ts), every cut of every session is measured with the model, the
 * baselines and every peer policy at its defaults, and the report is built as `eval` builds it;
 * beside it, the facts of each session the report does not carry (format, size, calls).
 */
import type { DecisionModel, RequestSettings } from '../engine/model.js';
import { blocksOf } from '../engine/pairing.js';
import type { OptionsInput } from '../engine/schema.js';
import { countToolBlocks, FormatError, inspectSource } from '../formats/index.js';
import type { SourceInput } from '../formats/index.js';
import { PEER_IDS, peerRuns } from '../policies/peers/index.js';
import { EVAL_CUTS } from './cuts.js';
import type { MeasuredTranscript } from './measureAll.js';
import { inSampleNotes, measureTranscripts } from './measureAll.js';
import type { CutResult } from './evaluate.js';
import type { EvalReport } from './report.js';
import { buildReport, provenanceOf } from './report.js';
import type { Transcript } from './transcripts.js';
import { transcriptsOf } from './transcripts.js';

/** `eval`'s defaults, which the workspace measures with so that its figures are `eval`'s. */
export const WORKSPACE_SETTINGS = { cuts: EVAL_CUTS, maskM: 10, seeds: 5, maxRecallLoss: 0.05 } as const;

export interface WorkspaceFile {
  name: string;
  input: SourceInput;
  /** SHA-256 of the file's bytes (hashing is the host's: core has no crypto). */
  sha256: string;
  bytes: number;
  /** The repository its folder's manifest names (provenance.ts), where the host read it from a folder. */
  repository?: string | null;
}

/** The policy the workspace applies to every session. */
export interface WorkspacePolicy {
  /** The tools it makes eligible; null for every tool a session calls (`eval`'s default). */
  eligible_tool_names: string[] | null;
  options: OptionsInput;
}

/** One session (a conversation of a file) with what the sessions table shows besides its figures. */
export interface WorkspaceSession {
  source: string;
  file: string;
  format: string;
  messages: number;
  calls: number;
  bytes: number;
}

export interface WorkspaceEvaluation {
  report: EvalReport;
  sessions: WorkspaceSession[];
  /** Every tool the sessions call, with how many calls: what the allowlist is chosen from. */
  tools: Array<{ name: string; calls: number }>;
  /** Files and sessions not measured, each with why. */
  skipped: string[];
  /** The model's weights id or prompt version: what a policy file tuned here names. */
  promptVersion: string | null;
  /** The evaluation was cancelled: no report. */
  stopped: boolean;
}

export interface WorkspaceProgress {
  phase: 'reading' | 'measuring';
  done: number;
  total: number;
}

/**
 * What a session's results depend on: its bytes and source, the options, the model, and the
 * eligible tools it calls (a tool it never calls changes none of its candidates, R5).
 */
function measuredKey(transcript: MeasuredTranscript, policy: WorkspacePolicy, model: DecisionModel): string {
  const called = new Set<string>();
  for (const message of transcript.messages)
    for (const block of blocksOf(message))
      if (block.type === 'tool_call' && typeof block.name === 'string') called.add(block.name);
  // Every tool (null) and a list naming all the session calls measure it alike.
  const eligible = (policy.eligible_tool_names ?? [...called]).filter((name) => called.has(name)).sort();
  return JSON.stringify([
    transcript.sha256,
    transcript.source,
    eligible,
    policy.options,
    model.backend,
    model.model ?? null,
    model.promptVersion ?? null,
  ]);
}

/** Every session of every file measured under `policy`; the files in the order given. */
export async function evaluateWorkspace(
  files: readonly WorkspaceFile[],
  policy: WorkspacePolicy,
  model: DecisionModel,
  run: {
    signal?: AbortSignal;
    settings?: RequestSettings;
    onProgress?: (progress: WorkspaceProgress) => void;
    /**
     * Results of earlier evaluations (the host keeps one per workspace): a session measured
     * before under the same options, model and eligible tools among those it calls is not
     * measured again, so ticking a tool re-measures only the sessions that call it.
     */
    cache?: Map<string, CutResult[]>;
  } = {},
): Promise<WorkspaceEvaluation | { stopped: true }> {
  const skipped: string[] = [];
  const transcripts: Transcript[] = [];
  const bytesOf = new Map<string, number>();
  files.forEach((file, index) => {
    run.onProgress?.({ phase: 'reading', done: index, total: files.length });
    bytesOf.set(file.name, file.bytes);
    try {
      const source = inspectSource(file.input);
      transcripts.push(
        ...transcriptsOf(source, { name: file.name, index, sha256: file.sha256, repository: file.repository }, (line) =>
          skipped.push(line),
        ),
      );
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
      skipped.push(`skipping ${file.name}: ${error.message.split('\n')[0]}`);
    }
  });
  const measured = await measureTranscripts(
    transcripts,
    model,
    WORKSPACE_SETTINGS.cuts,
    {
      maskM: WORKSPACE_SETTINGS.maskM,
      seeds: WORKSPACE_SETTINGS.seeds,
      options: policy.options,
      eligibleToolNames: policy.eligible_tool_names ?? undefined,
      signal: run.signal,
      settings: run.settings,
      peers: peerRuns(PEER_IDS, { masking: { m: WORKSPACE_SETTINGS.maskM } }),
    },
    {
      skipped: (source, reason) => skipped.push(`skipping ${source}: ${reason}`),
      cut: (done, total) => run.onProgress?.({ phase: 'measuring', done, total }),
    },
    run.cache && { keyOf: (t) => measuredKey(t, policy, model), results: run.cache },
  );
  if (measured.stopped) return { stopped: true };
  const report = buildReport({
    backend: model.backend,
    model: model.model ?? null,
    settings: { ...WORKSPACE_SETTINGS, crossValidated: false },
    results: measured.results,
    notes: inSampleNotes(transcripts, model.backend),
    provenance: provenanceOf(transcripts),
  });
  const calls = new Map<string, number>();
  for (const t of transcripts)
    for (const message of t.messages)
      for (const block of blocksOf(message))
        if (block.type === 'tool_call' && typeof block.name === 'string')
          calls.set(block.name, (calls.get(block.name) ?? 0) + 1);
  return {
    report,
    sessions: transcripts.map((t) => ({
      source: t.source,
      file: t.file,
      format: t.format,
      messages: t.messages.length,
      calls: countToolBlocks(t.messages).calls,
      bytes: bytesOf.get(t.file) ?? 0,
    })),
    tools: [...calls]
      .map(([name, n]) => ({ name, calls: n }))
      .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name)),
    skipped,
    promptVersion: model.promptVersion ?? null,
    stopped: false,
  };
}
