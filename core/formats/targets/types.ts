/**
 * Target checks (SPEC §9 "Target checks"): the structural rules of every target a format feeds —
 * the tool that reads the file back and the provider API its messages go to. Each rule has a
 * stable id (`anthropic.tool_result_first`) and every failure names the place that breaks it.
 */
import type { ReadConversation, SourceText } from '../types.js';

/** Where a rule breaks: the message of our model, the native line (JSON Lines) and JSON path. */
export interface Place {
  /** Index into the conversation's messages (our model); absent for places outside them. */
  message?: number;
  /** 1-based line of a JSON Lines file. */
  line?: number;
  /** The native element, e.g. `$.history[7]`. */
  path: string;
}

export interface Violation {
  rule: string;
  place: Place;
  message: string;
}

/** A document as a target sees it, read through its format's adapter. */
export interface CheckInput {
  doc: SourceText;
  read: ReadConversation;
  /** When checking an export: the source it came from (rules that compare the two use it). */
  source?: { doc: SourceText; read: ReadConversation };
}

export interface Target {
  /** Stable: `anthropic-messages`, `swe-agent-inspector`, … */
  id: string;
  /** What a person reads in the matrix: `Anthropic Messages`. */
  name: string;
  /** Where the rules come from: the target's source file and commit, or its documentation page. */
  cites: string;
  /** Rule id → one sentence. */
  rules: Readonly<Record<string, string>>;
  /**
   * Rules an export breaking them is still written with, as a warning: the target's client can
   * avoid the failure itself, and the fix would change what R14 keeps.
   */
  advisory?: readonly string[];
  /** Null when the target does not apply to this document (e.g. chat rules on text actions). */
  applies?(input: CheckInput): boolean;
  check(input: CheckInput): Violation[];
}

export interface TargetReport {
  target: string;
  name: string;
  cites: string;
  rules: string[];
  /** The rules an export breaking them is written with a warning (`Target.advisory`). */
  advisory: string[];
  /** `pass` with no violations, `fail` otherwise; `skipped` when the target does not apply here. */
  status: 'pass' | 'fail' | 'skipped';
  violations: Violation[];
  /** Why a target was skipped. */
  reason?: string;
}
