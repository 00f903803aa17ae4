/**
 * The restore server (SPEC §9 "Restore server") on the official MCP SDK. The SDK's low-level
 * `Server` is used rather than `McpServer`: McpServer answers a bad argument with the validator's
 * JSON issue dump, while §9 asks for one clear sentence, so the arguments are checked here with
 * the same zod schemas whose JSON Schemas `tools/list` publishes (core/restore/tools.ts). Every
 * failure of a call is a tool result with `isError` and one sentence; the server keeps serving.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { PolicyFile } from '../../core/policies/policyFile.js';
import type { ToolDefinition } from '../../core/restore/tools.js';
import { argumentSentence, jsonSchemaOf, TOOLS } from '../../core/restore/tools.js';
import { SERVER_NAME } from '../../core/restore/config.js';
import { packageVersion } from '../host/version.js';
import type { ArchiveStore } from './archives.js';
import { ToolError } from './archives.js';
import type { RestoredPage } from './tools.js';
import { compactContext, omissionsOf, restoreResult, searchArchive } from './tools.js';

type Run = (args: never) => Promise<object>;

/** What the server applies besides the call's own arguments: the approved policy (`mcp --policy`). */
export interface ServerSettings {
  policy?: PolicyFile;
}

function runners(store: ArchiveStore, settings: ServerSettings): Record<string, Run> {
  return {
    restore_result: (args) => restoreResult(store, args),
    search_archive: (args) => searchArchive(store, args),
    list_omissions: (args: { audit: string }) => omissionsOf(store, args.audit),
    // The engine checks the request itself (parseRequest), with its own one-line reasons.
    compact_context: (args) => compactContext(args, settings.policy),
  };
}

/** The tools as `tools/list` shows them. */
export function listedTools(): Tool[] {
  return TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.args, 'input') as Tool['inputSchema'],
    outputSchema: jsonSchemaOf(tool.result, 'output') as Tool['outputSchema'],
    annotations: { readOnlyHint: true, openWorldHint: false },
  }));
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The text a client without structuredContent support shows: the page itself for restore_result, else the JSON. */
function contentOf(tool: string, result: Record<string, unknown>): CallToolResult['content'] {
  if (tool !== 'restore_result') return [{ type: 'text', text: JSON.stringify(result) }];
  const page = result as unknown as RestoredPage;
  const content: CallToolResult['content'] = [{ type: 'text', text: page.text }];
  if (page.next_offset !== null)
    content.push({
      type: 'text',
      text: `[characters ${page.offset}–${page.next_offset} of ${page.total_chars}; call restore_result again with offset ${page.next_offset} for the rest]`,
    });
  return content;
}

function checkArgs(tool: ToolDefinition, args: unknown): unknown {
  if (tool.name === 'compact_context') return args ?? {};
  const parsed = tool.args.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const takes = tool.args instanceof z.ZodObject ? Object.keys(tool.args.shape as object) : [];
  throw new ToolError(argumentSentence(tool.name, parsed.error, args, takes));
}

/** One call, never thrown: a refusal or an unexpected failure becomes an isError result. */
export async function callTool(
  store: ArchiveStore,
  name: string,
  args: unknown,
  settings: ServerSettings = {},
): Promise<CallToolResult> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool)
    return errorResult(`There is no tool "${name.slice(0, 80)}" (tools: ${TOOLS.map((t) => t.name).join(', ')}).`);
  try {
    const result = (await runners(store, settings)[name](checkArgs(tool, args) as never)) as Record<string, unknown>;
    return { content: contentOf(name, result), structuredContent: result };
  } catch (error) {
    if (error instanceof ToolError) return errorResult(error.message);
    const message = error instanceof Error ? error.message : String(error);
    return errorResult(`${name} failed: ${message.split('\n')[0]}`);
  }
}

export function createRestoreServer(store: ArchiveStore, settings: ServerSettings = {}): Server {
  const server = new Server({ name: SERVER_NAME, version: packageVersion() }, { capabilities: { tools: {} } });
  const tools = listedTools();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(store, request.params.name, request.params.arguments, settings),
  );
  return server;
}
