/**
 * SPEC §9 "Restore server" on an Inspect `.eval` export, through the official SDK's own client
 * over stdio against the built command line: the export's archive is the original `.eval` (a
 * zstd ZIP), and restore_result, search_archive and list_omissions read it as bytes, its
 * conversations being the log's sample keys; the SHA-256 in its name is checked as for text.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installZstd } from '../../../app/zstd.js';
import { archiveFileName } from '../../../core/records/audit.js';
import { browserSample, zstdEvalWithCalls } from '../../support/evalZip.js';
import { inflatingEval } from '../../support/hostileEval.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { ensureBuilt, runCli, tempDir } from '../cli/support.js';
import { connectRestoreServer } from './fixture.js';

const FORMATS = sharedPath('formats');
let tmp: ReturnType<typeof tempDir>;
let client: Client;
let archive: string;

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

/** The original output of each tool call of the sample, by call id. */
function outputs(): Map<string, { tool: string; text: string }> {
  const out = new Map<string, { tool: string; text: string }>();
  for (const m of browserSample(FORMATS as string).messages)
    if (m.role === 'tool') out.set(m.tool_call_id as string, { tool: m.function as string, text: m.content as string });
  return out;
}

if (!FORMATS) it.skip(sharedSkipReason('formats'), () => {});
else
  describe('§9 restore server on a .eval archive', () => {
    beforeAll(async () => {
      ensureBuilt();
      await installZstd();
      tmp = tempDir();
      writeFileSync(join(tmp.dir, 'run.eval'), zstdEvalWithCalls(FORMATS));
      const run = await runCli(
        [
          'compact_context',
          'goal=finish the task',
          'eligible_tool_names=["web_browser_go","web_browser_click"]',
          'options={"preserve_recent_messages":0,"keep_threshold":0.9,"truncate_head_chars":100}',
          'messages=@run.eval',
          '--out',
          'out.eval',
          '--reviewer',
          'Ada',
        ],
        { cwd: tmp.dir },
      );
      if (run.code !== 0) throw new Error(`export failed (${run.code}): ${run.stderr}`);
      const record = JSON.parse(readFileSync(join(tmp.dir, 'out.eval.audit.json'), 'utf8')) as {
        archive_file: { name: string };
      };
      archive = record.archive_file.name;
      client = await connectRestoreServer(tmp.dir, 'restore-eval-test');
    }, 60_000);

    afterAll(async () => {
      await client?.close();
      tmp?.cleanup();
    });

    it('§9 the export archives the original .eval under its SHA-256 name', () => {
      expect(archive).toMatch(/\.[0-9a-f]{16}\.eval$/);
      expect(readFileSync(join(tmp.dir, archive))).toEqual(readFileSync(join(tmp.dir, 'run.eval')));
    });

    it('§9 list_omissions re-derives the .eval export: each omitted call with its tool', async () => {
      const result = await call('list_omissions', { audit: 'out.eval.audit.json' });
      expect(result.isError, textOf(result)).toBeFalsy();
      const { omissions } = result.structuredContent as { omissions: Array<Record<string, unknown>> };
      expect(omissions.length).toBeGreaterThan(0);
      const original = outputs();
      for (const o of omissions) {
        expect(original.get(o.call_id as string)?.tool).toBe(o.tool_name);
        expect(o.omitted_chars).toBeGreaterThan(0);
      }
    });

    it('§9 restore_result returns each call output of the .eval whole, in the sample named by its key', async () => {
      for (const [callId, { tool, text }] of outputs()) {
        const result = await call('restore_result', { archive, call_id: callId, conversation: '1', max_chars: 20_000 });
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ call_id: callId, tool_name: tool, text, next_offset: null });
      }
    });

    it('§9 search_archive finds text in the .eval outputs; a conversation that is no sample key is refused', async () => {
      const found = await call('search_archive', { archive, query: 'AI Security Institute' });
      const { matches } = found.structuredContent as { matches: Array<{ call_id: string; text: string }> };
      expect(new Set(matches.map((m) => m.call_id))).toEqual(new Set(outputs().keys()));
      const wrong = await call('search_archive', { archive, query: 'AI', conversation: '2' });
      expect(wrong.isError).toBe(true);
      expect(textOf(wrong)).toMatch(/has no conversation "2" \(it has 1\)\.$/);
    });

    it('§9 a small .eval archive whose members inflate past the memory budget is refused before inflating', async () => {
      // 4 MB of zeros as a few kB, its directory declaring 1.2 GB; named by its SHA-256 as exports are.
      const bomb = inflatingEval(4 * 1024 * 1024, 1_200_000_000);
      const name = archiveFileName(createHash('sha256').update(bomb).digest('hex'), 'bomb.eval');
      writeFileSync(join(tmp.dir, name), bomb);
      const result = await call('restore_result', { archive: name, call_id: 'c1' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /does not read as a history: the \.eval archive's members inflate to 1144\.4 MB \(as its central directory declares\), more than the \d+\.\d MB this reader may inflate\.$/,
      );
    });

    it('§9 a .eval archive changed after the export no longer matches its name and is not read', async () => {
      appendFileSync(join(tmp.dir, archive), Buffer.from([0]));
      const result = await call('restore_result', { archive, call_id: [...outputs().keys()][0] });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/does not match the SHA-256 in its name/);
    });
  });
