/**
 * SPEC §1 and §5 without zod: the message-list shape (`MessagesSchema`) with zod's own wording
 * for its first problem, and a request check that accepts what `RequestSchema` accepts and
 * answers what it would, or null to let the schema decide (request.ts). Loading zod is about a
 * third of the command line's start-up (its 64 locales load with every entry point) and its
 * walk over every message a tenth of a 20 MB run's own work (test/bench/cli.bench.ts); the
 * schemas stay the contract, and test/core/engine/accept.property.test.ts holds these to them.
 */
import { DEFAULT_ARCHIVE_REF, defaultOptions, OPTION_NAMES, OPTION_RULES } from './constants.js';
import type { OptionName, OptionRule } from './constants.js';
import { deepInputIn, exceedsNesting } from './depth.js';
import type { CompactRequest, Message } from './schema.js';

const REQUEST_KEYS: ReadonlySet<string> = new Set([
  'messages',
  'goal',
  'eligible_tool_names',
  'protected_message_ids',
  'protected_call_ids',
  'tools',
  'archive_ref',
  'options',
  'live_from_message_id',
  'shell_read_only',
  'drop_receipts',
]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object as JSON.parse makes them: whatever zod does with other prototypes is left to zod. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `content` as `ContentSchema` takes it: a string, or a list of objects with a string `type`. */
function isContent(content: unknown): boolean {
  if (typeof content === 'string') return true;
  if (!Array.isArray(content)) return false;
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    if (!isObject(block) || typeof block.type !== 'string') return false;
  }
  return true;
}

/** Exactly what `MessagesSchema` accepts (SPEC §1: tolerant, unknown fields kept). */
export function isMessageList(value: unknown): value is Message[] {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const message: unknown = value[i];
    if (!isObject(message)) return false;
    if (message.role !== undefined && typeof message.role !== 'string') return false;
    if (message.content !== undefined && !isContent(message.content)) return false;
  }
  return true;
}

/** zod's name for a value's type in `expected …, received …` (its `parsedType`). */
function receivedType(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? 'number' : String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    const ctor = (value as { constructor?: { name?: string } }).constructor;
    if (proto !== Object.prototype && 'constructor' in value && ctor) return String(ctor.name);
  }
  return typeof value;
}

const typeProblem = (path: string, expected: string, value: unknown) =>
  `${path}: Invalid input: expected ${expected}, received ${receivedType(value)}`;

/**
 * Why `value` is not a message list, in the words `describeZodError(MessagesSchema…, root)`
 * uses: the first failing message, its `role` before its `content`; null when it is one.
 */
export function messageListProblem(value: unknown, root = 'messages'): string | null {
  if (!Array.isArray(value)) return typeProblem(root, 'array', value);
  for (let i = 0; i < value.length; i++) {
    const message: unknown = value[i];
    if (!isObject(message)) return typeProblem(`${root}.${i}`, 'object', message);
    if (message.role !== undefined && typeof message.role !== 'string')
      return typeProblem(`${root}.${i}.role`, 'string', message.role);
    // A union's failure is one issue whatever its branches found.
    if (message.content !== undefined && !isContent(message.content)) return `${root}.${i}.content: Invalid input`;
  }
  return null;
}

function stringList(value: unknown): string[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return null;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return null;
  return value.slice() as string[];
}

function inRange(value: unknown, rule: OptionRule): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (rule.int && !Number.isSafeInteger(value)) return false;
  if (rule.min !== undefined && value < rule.min) return false;
  if (rule.max !== undefined && value > rule.max) return false;
  return rule.above === undefined || value > rule.above;
}

/** `options` with every default filled in, in OPTION_RULES order, as `OptionsSchema` makes it. */
function acceptOptions(value: unknown): Record<OptionName, number> | null {
  const options = defaultOptions();
  if (value === undefined) return options;
  if (!isPlainObject(value)) return null;
  for (const key of Object.keys(value)) if (!Object.hasOwn(OPTION_RULES, key)) return null;
  for (const name of OPTION_NAMES) {
    const given = value[name];
    if (given === undefined) continue;
    if (!inRange(given, OPTION_RULES[name])) return null;
    options[name] = given;
  }
  return options;
}

/**
 * `tools` as `ToolInfoSchema` makes each entry: `name`, `description`, then the other keys
 * in their order. An own `__proto__` key, or a `description` given as undefined, is left to zod.
 */
function acceptTools(value: unknown): NonNullable<CompactRequest['tools']> | null {
  if (!Array.isArray(value)) return null;
  const tools: NonNullable<CompactRequest['tools']> = [];
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    if (!isPlainObject(entry) || typeof entry.name !== 'string' || Object.hasOwn(entry, '__proto__')) return null;
    const tool: NonNullable<CompactRequest['tools']>[number] = { name: entry.name };
    if (Object.hasOwn(entry, 'description')) {
      if (typeof entry.description !== 'string') return null;
      tool.description = entry.description;
    }
    for (const key of Object.keys(entry)) if (key !== 'name' && key !== 'description') tool[key] = entry[key];
    tools.push(tool);
  }
  return tools;
}

/**
 * The request `parseRequest` would return for `input`, or null when it may not be valid:
 * the caller then asks `parseRequest`, whose zod schema decides and says why. Keys come in
 * the schema's order, defaults filled in; `messages` are the caller's own objects.
 */
export function acceptRequest(input: unknown): CompactRequest | null {
  if (!isPlainObject(input)) return null;
  for (const key of Object.keys(input)) if (!REQUEST_KEYS.has(key)) return null;
  const { messages, goal, archive_ref: archiveRef } = input;
  if (!isMessageList(messages) || typeof goal !== 'string' || goal.trim().length === 0) return null;
  if (archiveRef !== undefined && typeof archiveRef !== 'string') return null;
  const liveFrom = input.live_from_message_id;
  if (liveFrom !== undefined && typeof liveFrom !== 'string') return null;
  const receipts = input.drop_receipts;
  if (receipts !== undefined && typeof receipts !== 'boolean') return null;
  // Patterns are checked by the schema, which says which one it cannot read.
  if (input.shell_read_only !== undefined) return null;
  const eligible = stringList(input.eligible_tool_names);
  const protectedMessages = stringList(input.protected_message_ids);
  const protectedCalls = stringList(input.protected_call_ids);
  const options = acceptOptions(input.options);
  if (eligible === null || protectedMessages === null || protectedCalls === null || options === null) return null;
  const hasTools = Object.hasOwn(input, 'tools');
  const tools = input.tools === undefined ? undefined : acceptTools(input.tools);
  if (tools === null) return null;
  // Too deep, circular, or a call input too deep to parse: parseRequest names it (depth.ts).
  if (exceedsNesting(messages) || deepInputIn(messages) !== null) return null;
  return {
    messages,
    goal,
    eligible_tool_names: eligible,
    protected_message_ids: protectedMessages,
    protected_call_ids: protectedCalls,
    ...(hasTools ? { tools } : {}),
    archive_ref: archiveRef ?? DEFAULT_ARCHIVE_REF,
    options,
    ...(liveFrom !== undefined ? { live_from_message_id: liveFrom } : {}),
    shell_read_only: { allow: [], deny: [] },
    drop_receipts: receipts ?? false,
  };
}
