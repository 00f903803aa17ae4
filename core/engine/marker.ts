/**
 * The omission marker of R13, with SPEC §9 "Marker": beside the call id, the omitted count and
 * `archive_ref`, it names the tool and the call's target, because a descriptive pointer
 * ("Read: src/config.ts") tells the agent what it lost without re-running the call. An export
 * meant for the restore server (§9 "Restore server") also says how to read the rest back.
 */
import type { Block } from './schema.js';
import { headCodePoints } from './text.js';

/** The input keys that name what a call acted on, in the order §9 "Marker" looks for them. */
export const TARGET_KEYS = ['file_path', 'path', 'url', 'command', 'cmd', 'query', 'pattern'] as const;

/** §9: a target is shortened to at most this many code points. */
export const TARGET_MAX_CHARS = 80;

/** The call a marker describes: the id always; the tool and its block when the caller has them. */
export interface MarkedCall {
  callId: string;
  toolName?: string;
  callBlock?: Block;
}

/** What a marker says beyond R13: the tool, its target, and the archive restore_result reads. */
export interface MarkerAbout {
  tool?: string | null;
  target?: string | null;
  /** The archive's file name when the export is meant for the restore server; null otherwise. */
  restoreArchive?: string | null;
}

/**
 * The first target key of a call's input (a JSON string, SPEC §1) holding text, with that text
 * on one line; null when the input names none. A command given as an argument list (Codex's
 * `["bash", "-lc", …]`) is read as the words joined by spaces. The omission marker (§9) and
 * the drop receipt (receipt.ts) both name a call by it.
 */
export function callTargetField(input: unknown): { key: (typeof TARGET_KEYS)[number]; value: string } | null {
  if (typeof input !== 'string' || !input.includes('"')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const fields = parsed as Record<string, unknown>;
  for (const key of TARGET_KEYS) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    const text =
      typeof value === 'string'
        ? value
        : Array.isArray(value) && value.every((v) => typeof v === 'string')
          ? value.join(' ')
          : null;
    const line = text?.replace(/\s+/g, ' ').trim() ?? '';
    if (line !== '') return { key, value: line };
  }
  return null;
}

/** The call's target as the marker names it: `callTargetField`'s text, at most TARGET_MAX_CHARS code points. */
export function callTarget(input: unknown): string | null {
  const field = callTargetField(input);
  return field === null ? null : clipTarget(field.value, TARGET_MAX_CHARS);
}

/** `text` in at most `max` code points, an ellipsis standing for what was cut (`max` ≥ 1). */
export function clipTarget(text: string, max: number): string {
  const head = headCodePoints(text, max);
  return head.length === text.length ? text : `${headCodePoints(text, max - 1)}…`;
}

/** The tool and target of a pair's call, as the marker names them. */
export function aboutCall(call: string | MarkedCall): MarkerAbout {
  if (typeof call === 'string') return {};
  return { tool: call.toolName ?? null, target: call.callBlock ? callTarget(call.callBlock.input) : null };
}

/**
 * The marker text: `…[N characters of the result of tool call ID (Tool: target) omitted; the
 * full output is in REF]`, plus the restore_result call that returns the rest when the export
 * is meant for the restore server. When a tail follows (§9), the marker ends the line so the
 * tail starts on its own.
 */
export function omissionMarker(
  callId: string,
  omittedChars: number,
  archiveRef: string,
  tailFollows = false,
  about: MarkerAbout = {},
): string {
  const tool = about.tool ? ` (${about.tool}${about.target ? `: ${about.target}` : ''})` : '';
  const restore = about.restoreArchive
    ? `; restore_result with archive ${JSON.stringify(about.restoreArchive)} and call_id ${JSON.stringify(callId)} returns it`
    : '';
  const marker = `\n…[${omittedChars} characters of the result of tool call ${callId}${tool} omitted; the full output is in ${archiveRef}${restore}]`;
  return tailFollows ? `${marker}\n` : marker;
}
