/**
 * The four tools of SPEC §9 "Restore server": their argument and result schemas (zod, so the
 * JSON Schemas a client lists and the checks the server runs come from one definition), their
 * descriptions, and the one-sentence wording of a bad argument. The host (app/mcp) reads the
 * files; everything here is pure.
 */
import { z } from 'zod';
import { RequestSchema } from '../engine/schema.js';

/** restore_result's page size: SPEC §9 default and maximum, in code points. */
export const RESTORE_DEFAULT_CHARS = 20_000;
export const RESTORE_MAX_CHARS = 200_000;
/** search_archive's match count: SPEC §9 default and maximum. */
export const SEARCH_DEFAULT_MATCHES = 50;
export const SEARCH_MAX_MATCHES = 500;
/** A query longer than this is refused: a search term, not a document. */
export const QUERY_MAX_CHARS = 1_000;
/** A regular expression is shorter still: a search pattern, and each added group can multiply backtracking. */
export const REGEX_MAX_CHARS = 256;
/** A regular-expression search that takes longer is stopped and refused (it runs off the server's thread). */
export const REGEX_BUDGET_MS = 2_000;

const archive = z
  .string({ error: 'archive must be a string: the archive file name inside an --archive-dir folder' })
  .describe(
    'File name of the archive beside the compacted history (e.g. "session.9f86d081884c7d65.jsonl"), inside an --archive-dir folder; the omission marker names it.',
  );
const callId = z
  .string({ error: 'call_id must be a string' })
  .min(1, 'call_id must not be empty')
  .describe('The tool call id the omission marker names.');
const conversation = z
  .string({ error: 'conversation must be a string' })
  .describe(
    'Which conversation of an archive that holds several (its key); by default every conversation is looked in.',
  )
  .optional();

export const RestoreArgsSchema = z.strictObject({
  archive,
  call_id: callId,
  conversation,
  offset: z
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number of characters')
    .min(0, 'offset must be 0 or more')
    .describe('First code point to return (default 0); pass the previous page’s next_offset.')
    .optional(),
  max_chars: z
    .number({ error: 'max_chars must be a number' })
    .int('max_chars must be a whole number of characters')
    .min(1, `max_chars must be from 1 to ${RESTORE_MAX_CHARS}`)
    .max(RESTORE_MAX_CHARS, `max_chars must be from 1 to ${RESTORE_MAX_CHARS}`)
    .describe(`Code points to return at most (default ${RESTORE_DEFAULT_CHARS}, at most ${RESTORE_MAX_CHARS}).`)
    .optional(),
});
export type RestoreArgs = z.infer<typeof RestoreArgsSchema>;

export const RestoreResultSchema = z.object({
  call_id: z.string(),
  tool_name: z.string().nullable(),
  text: z.string(),
  total_chars: z.number().int(),
  offset: z.number().int(),
  returned_chars: z.number().int(),
  next_offset: z.number().int().nullable(),
  archive_sha256: z.string(),
});

export const SearchArgsSchema = z.strictObject({
  archive,
  query: z
    .string({ error: 'query must be a string' })
    .min(1, 'query must not be empty')
    .max(QUERY_MAX_CHARS, `query must be at most ${QUERY_MAX_CHARS} characters`)
    .describe('Text to look for in every archived tool result, line by line (a regular expression with regex: true).'),
  regex: z
    .boolean({ error: 'regex must be true or false' })
    .describe(
      `Read query as a JavaScript regular expression (default false: literal text); at most ${REGEX_MAX_CHARS} characters, stopped after ${REGEX_BUDGET_MS / 1000} s.`,
    )
    .optional(),
  call_id: callId.describe('Only this call’s result.').optional(),
  conversation,
  max_matches: z
    .number({ error: 'max_matches must be a number' })
    .int('max_matches must be a whole number')
    .min(1, `max_matches must be from 1 to ${SEARCH_MAX_MATCHES}`)
    .max(SEARCH_MAX_MATCHES, `max_matches must be from 1 to ${SEARCH_MAX_MATCHES}`)
    .describe(`Matching lines to return at most (default ${SEARCH_DEFAULT_MATCHES}, at most ${SEARCH_MAX_MATCHES}).`)
    .optional(),
});
export type SearchArgs = z.infer<typeof SearchArgsSchema>;

export const SearchResultSchema = z.object({
  matches: z.array(
    z.object({ call_id: z.string(), line: z.number().int(), text: z.string(), conversation: z.string().optional() }),
  ),
  truncated: z.boolean(),
});

export const OmissionsArgsSchema = z.strictObject({
  audit: z
    .string({ error: 'audit must be a string: the audit record’s file name inside an --archive-dir folder' })
    .describe('File name of the audit record written beside the compacted history (NAME.audit.json).'),
});

export const OmissionsResultSchema = z.object({
  omissions: z.array(
    z.object({
      call_id: z.string(),
      tool_name: z.string(),
      target: z.string().nullable(),
      action: z.enum(['drop_result', 'drop_call']),
      omitted_chars: z.number().int(),
    }),
  ),
});

/** compact_context takes the §1 request as it is; its checks are the engine's own (parseRequest). */
export const CompactArgsSchema = RequestSchema;
export const CompactResultSchema = z.looseObject({
  success: z.boolean(),
  answer: z.looseObject({}),
  metadata: z.looseObject({}),
});

export interface ToolDefinition {
  name: string;
  description: string;
  args: z.ZodType;
  result: z.ZodType;
}

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'restore_result',
    description:
      'Return the original output of a tool call that a compacted history shortened or removed, from the archive its omission marker names, a page at a time (counted in characters; follow next_offset until it is null).',
    args: RestoreArgsSchema,
    result: RestoreResultSchema,
  },
  {
    name: 'search_archive',
    description:
      'Find the lines of archived tool results that contain a text (or match a regular expression), with the call id of each, to choose what to restore.',
    args: SearchArgsSchema,
    result: SearchResultSchema,
  },
  {
    name: 'list_omissions',
    description:
      'List every tool call whose output an exported snapshot no longer holds in full, from its audit record: shortened (drop_result, also a call the format kept for its target) or removed (drop_call), with call id, tool, target and characters omitted.',
    args: OmissionsArgsSchema,
    result: OmissionsResultSchema,
  },
  {
    name: 'compact_context',
    description:
      'Propose a compaction of an agent history (the compaction request: messages, goal, eligible_tool_names, …) and return the response envelope {success, answer, metadata}.',
    args: CompactArgsSchema,
    result: CompactResultSchema,
  },
];

/** The JSON Schema a client lists for a tool's arguments or result. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

/** A bad argument as one sentence naming the tool and the argument. */
export function argumentSentence(tool: string, error: z.ZodError, args: unknown, takes: readonly string[]): string {
  const issue = error.issues[0];
  if (!issue) return `${tool}: the arguments are invalid.`;
  if (issue.code === 'unrecognized_keys')
    return `${tool} takes no argument ${issue.keys.map((k) => `"${k}"`).join(', ')} (it takes ${takes.join(', ')}).`;
  const key = issue.path.map(String).join('.');
  if (key === '') return `${tool}: the arguments must be an object.`;
  const given = typeof args === 'object' && args !== null && Object.hasOwn(args, String(issue.path[0]));
  if (issue.code === 'invalid_type' && !given) return `${tool}: ${key} is required.`;
  return `${tool}: ${issue.message}.`;
}
