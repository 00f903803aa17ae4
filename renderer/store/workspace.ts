/**
 * The workspace: many sessions under one policy (core/eval/workspace.ts, measured by the host),
 * its threshold, sort and filter, and the way into one session's audit and back. The allowlist is
 * chosen from the tools the sessions call; changing it measures again, a threshold step does not
 * (core/inspect/workspace.ts reads the sweep the evaluation measured, R15).
 */
import type { WorkspaceEvaluation, WorkspaceProgress } from '../../core/eval/workspace.js';
import { isBinarySource } from '../../core/formats/index.js';
import type { WorkspaceColumn } from '../../core/inspect/workspace.js';
import { sessionGoal, WORKSPACE_THRESHOLDS } from '../../core/inspect/workspace.js';
import { DEFAULT_OPTIONS, SomeOptionsSchema } from '../../core/engine/schema.js';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import { policyFileOf } from '../../core/policies/policyFile.js';
import type { PolicySlice } from './policy.js';
import type { Slice } from './slice.js';
import type { SnapshotSlice } from './snapshot.js';

/** A file the person put in the workspace. */
export interface WorkspaceInput {
  name: string;
  file: Blob;
}

/** The options a workspace sets: what shapes the measured proposals; the threshold is a step, not a measurement. */
export const WORKSPACE_OPTION_NAMES = [
  'preserve_recent_messages',
  'truncate_head_chars',
  'truncate_tail_chars',
] as const;
export type WorkspaceOptionName = (typeof WORKSPACE_OPTION_NAMES)[number];
export type WorkspaceOptions = Partial<Record<WorkspaceOptionName, number>>;

type WireFile = { name: string; text: string } | { name: string; base64: string };

export interface WorkspaceSlice {
  /** Which view the window shows: the one-file inspector, or the workspace. */
  view: 'inspector' | 'workspace' | 'approvals';
  workspaceFiles: WorkspaceInput[];
  /** The tools the policy makes eligible; null: every tool a session calls (what `eval` measures). */
  workspaceEligible: string[] | null;
  workspaceThreshold: number;
  /**
   * The options the workspace measures with besides the threshold (the §5 options a cut's
   * measurement reads); unset ones keep their defaults. Changing one measures again.
   */
  workspaceOptions: WorkspaceOptions;
  workspaceState: 'idle' | 'running' | 'finished' | 'failed';
  workspaceProgress: WorkspaceProgress | null;
  workspaceEvaluation: WorkspaceEvaluation | null;
  workspaceError: string | null;
  /** Files the page could not send (not UTF-8 text, unreadable), each with why. */
  workspaceUnread: string[];
  workspaceSort: { column: WorkspaceColumn | null; dir: 'ascending' | 'descending' };
  workspaceFilter: string;
  /** The session whose audit is open, so Back returns to the workspace. */
  workspaceSession: string | null;
  openWorkspace(files: WorkspaceInput[]): Promise<void>;
  setWorkspaceTools(eligible: string[] | null): Promise<void>;
  setWorkspaceThreshold(threshold: number): void;
  /** Sets (or, with null, unsets) one option and measures again; the reason when the value is out of range. */
  setWorkspaceOption(name: WorkspaceOptionName, value: number | null): Promise<string | null>;
  sortWorkspaceBy(column: WorkspaceColumn): void;
  setWorkspaceFilter(text: string): void;
  cancelWorkspace(): Promise<void>;
  showWorkspace(): void;
  showInspector(): void;
  /** Opens one session in the inspector under the workspace's policy, with the goal `eval` asked at its last cut. */
  openWorkspaceSession(source: string): Promise<boolean>;
  /** The workspace's policy as a policy file. */
  workspacePolicy(): PolicyFile;
}

interface Needs {
  openSnapshot: SnapshotSlice['openSnapshot'];
  setGoal: PolicySlice['setGoal'];
  toggleTool: PolicySlice['toggleTool'];
  setOption: PolicySlice['setOption'];
  backend: PolicySlice['backend'];
  snapshot: SnapshotSlice['snapshot'];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A file as the host takes it: text, or base64 for a binary history; null with why when it cannot be sent. */
async function wireFileOf(input: WorkspaceInput): Promise<WireFile | string> {
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  if (isBinarySource(bytes)) return { name: input.name, base64: base64Of(bytes) };
  try {
    return { name: input.name, text: utf8.decode(bytes) };
  } catch {
    return `skipping ${input.name}: not UTF-8 text`;
  }
}

/** Session names are `file` or `file#conversation`: the file and the conversation to open. */
function splitSource(
  source: string,
  files: readonly WorkspaceInput[],
): { file: WorkspaceInput; conversation?: string } | null {
  const whole = files.find((f) => f.name === source);
  if (whole) return { file: whole };
  const at = source.lastIndexOf('#');
  const file = files.find((f) => f.name === source.slice(0, at));
  return file ? { file, conversation: source.slice(at + 1) } : null;
}

export const createWorkspaceSlice: Slice<WorkspaceSlice, Needs> = (set, get) => {
  /** Measures the files under the current allowlist; a newer evaluation supersedes an older one. */
  let generation = 0;
  let running: string | null = null;
  async function evaluate(): Promise<void> {
    const mine = ++generation;
    if (running !== null)
      void get()
        .deps.bridge['workspace.cancel']({ workspaceId: running })
        .catch(() => undefined);
    set({ workspaceState: 'running', workspaceProgress: null, workspaceError: null });
    const wire = await Promise.all(get().workspaceFiles.map(wireFileOf));
    const files = wire.filter((f): f is WireFile => typeof f !== 'string');
    set({ workspaceUnread: wire.filter((f): f is string => typeof f === 'string') });
    if (files.length === 0) {
      set({ workspaceState: 'failed', workspaceError: 'none of these files can be read as a history' });
      return;
    }
    const { bridge, pollMs } = get().deps;
    try {
      const { workspaceId } = await bridge['workspace.start']({
        files,
        policy: { eligible_tool_names: get().workspaceEligible, options: { ...get().workspaceOptions } },
        backend: get().backend,
      });
      running = workspaceId;
      for (;;) {
        const status = await bridge['workspace.status']({ workspaceId });
        if (mine !== generation) return;
        set({ workspaceProgress: status.progress });
        if (status.state === 'finished') {
          running = null;
          if (status.error !== null) set({ workspaceState: 'failed', workspaceError: status.error.message });
          else set({ workspaceState: 'finished', workspaceEvaluation: status.evaluation });
          return;
        }
        await sleep(pollMs ?? 150);
      }
    } catch (error) {
      if (mine !== generation) return;
      running = null;
      set({ workspaceState: 'failed', workspaceError: error instanceof Error ? error.message : String(error) });
    }
  }

  return {
    view: 'inspector',
    workspaceFiles: [],
    workspaceEligible: null,
    workspaceThreshold: DEFAULT_OPTIONS.keep_threshold,
    workspaceOptions: {},
    workspaceState: 'idle',
    workspaceProgress: null,
    workspaceEvaluation: null,
    workspaceError: null,
    workspaceUnread: [],
    workspaceSort: { column: null, dir: 'ascending' },
    workspaceFilter: '',
    workspaceSession: null,
    async openWorkspace(files) {
      set({
        view: 'workspace',
        workspaceFiles: files,
        workspaceEligible: null,
        workspaceOptions: {},
        workspaceEvaluation: null,
        workspaceSession: null,
        workspaceFilter: '',
      });
      await evaluate();
    },
    async setWorkspaceTools(eligible) {
      set({ workspaceEligible: eligible });
      await evaluate();
    },
    setWorkspaceThreshold(threshold) {
      const nearest = WORKSPACE_THRESHOLDS.reduce((a, b) =>
        Math.abs(b - threshold) < Math.abs(a - threshold) ? b : a,
      );
      set({ workspaceThreshold: nearest });
    },
    async setWorkspaceOption(name, value) {
      const next: WorkspaceOptions = { ...get().workspaceOptions };
      if (value === null) delete next[name];
      else next[name] = value;
      const parsed = SomeOptionsSchema.safeParse(next);
      if (!parsed.success) return parsed.error.issues[0]?.message ?? 'out of range';
      if (JSON.stringify(next) === JSON.stringify(get().workspaceOptions)) return null;
      set({ workspaceOptions: next });
      await evaluate();
      return null;
    },
    sortWorkspaceBy(column) {
      const { workspaceSort: sort } = get();
      const dir = sort.column === column && sort.dir === 'ascending' ? 'descending' : 'ascending';
      set({ workspaceSort: { column, dir } });
    },
    setWorkspaceFilter(text) {
      set({ workspaceFilter: text });
    },
    async cancelWorkspace() {
      generation++;
      const id = running;
      running = null;
      set({ workspaceState: get().workspaceEvaluation ? 'finished' : 'idle', workspaceProgress: null });
      if (id !== null) await get().deps.bridge['workspace.cancel']({ workspaceId: id });
    },
    showWorkspace() {
      set({ view: 'workspace' });
    },
    showInspector() {
      set({ view: 'inspector' });
    },
    async openWorkspaceSession(source) {
      const evaluation = get().workspaceEvaluation;
      const found = splitSource(source, get().workspaceFiles);
      if (evaluation === null || found === null) return false;
      const opened = await get().openSnapshot({
        fileName: found.file.name,
        file: found.file.file,
        conversation: found.conversation,
      });
      if (!opened) return false;
      const state = get();
      const eligible = state.workspaceEligible ?? evaluation.tools.map((t) => t.name);
      for (const name of eligible) state.toggleTool(name, true);
      state.setOption('keep_threshold', state.workspaceThreshold);
      for (const [name, value] of Object.entries(state.workspaceOptions))
        state.setOption(name as WorkspaceOptionName, value);
      state.setGoal(sessionGoal(evaluation, source) ?? '');
      set({ view: 'inspector', workspaceSession: source });
      return true;
    },
    workspacePolicy() {
      const { workspaceEligible, workspaceEvaluation, workspaceThreshold, workspaceOptions, backend } = get();
      const eligible = workspaceEligible ?? workspaceEvaluation?.tools.map((t) => t.name) ?? [];
      return policyFileOf({
        eligible_tool_names: eligible,
        options: { ...workspaceOptions, keep_threshold: workspaceThreshold },
        decision_model: {
          backend: workspaceEvaluation?.report.backend ?? backend.name,
          ...(workspaceEvaluation?.report.model ? { model: workspaceEvaluation.report.model } : {}),
          ...(workspaceEvaluation?.promptVersion ? { prompt_version: workspaceEvaluation.promptVersion } : {}),
        },
      });
    },
  };
};
