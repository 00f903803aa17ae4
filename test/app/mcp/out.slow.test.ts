/**
 * SPEC §9 "Restore server", hooked up from `--out`: every export prints, on stderr (stdout stays
 * the envelope alone, §8), the configuration that attaches the server to the export's folder
 * for Claude Code, Codex CLI and any stdio client; `--restore-server` makes the markers say how
 * to restore, the audit record says so, and `verify` re-derives exactly that file.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, runCli } from '../cli/support.js';
import type { Exported } from './fixture.js';
import { exportHistory } from './fixture.js';

let exported: Exported | null = null;

beforeAll(() => ensureBuilt());
afterEach(() => exported?.cleanup());

describe('§9 --out and the restore server', () => {
  it('§9 --restore-server: markers name restore_result with the archive and call id; the record says so; verify passes', async () => {
    exported = await exportHistory(['--restore-server']);
    expect(exported.snapshot).toContain(
      `(read_file: src/config.ts) omitted; the full output is in ${exported.archive}; restore_result with archive \\"${exported.archive}\\" and call_id \\"c1\\" returns it]`,
    );
    const record = JSON.parse(readFileSync(join(exported.dir, exported.audit), 'utf8')) as Record<string, unknown>;
    expect(record.marker_restore).toBe(true);
    const verified = await runCli(['verify', exported.audit], { cwd: exported.dir });
    expect(verified.code).toBe(0);
  });

  it('§9 without the flag the markers stay R13 plus the tool and target, and the record has no marker_restore', async () => {
    exported = await exportHistory();
    expect(exported.snapshot).not.toContain('restore_result');
    const record = JSON.parse(readFileSync(join(exported.dir, exported.audit), 'utf8')) as Record<string, unknown>;
    expect(record).not.toHaveProperty('marker_restore');
  });

  it('§9 --out prints the configuration for Claude Code, Codex CLI and a generic client on stderr, naming the folder', async () => {
    exported = await exportHistory();
    const note = readFileSync(join(exported.dir, 'stderr.txt'), 'utf8');
    expect(note).toContain(
      `claude mcp add --scope project compaction-inspector -- ${process.execPath} ${CLI} mcp --archive-dir ${exported.dir}`,
    );
    expect(note).toContain(`"mcpServers":{"compaction-inspector":{"command":${JSON.stringify(process.execPath)}`);
    expect(note).toContain('[mcp_servers.compaction-inspector]');
    expect(note).toContain(`args = [${JSON.stringify(CLI)}, "mcp", "--archive-dir", ${JSON.stringify(exported.dir)}]`);
  });

  it('§9 --restore-server without --out is bad usage (exit 2, one line)', async () => {
    const result = await runCli(['compact_context', 'goal=g', 'messages=[]', '--restore-server'], { cwd: tmpdir() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^--restore-server: only with --out/);
  });
});
