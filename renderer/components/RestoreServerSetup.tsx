/**
 * The restore server's configuration for an export (SPEC §9 "Restore server"): what attaches
 * `compaction-inspector mcp --archive-dir FOLDER` to Claude Code (`.mcp.json` or `claude mcp
 * add`), Codex CLI (`config.toml`) and any other stdio client. The folder is the one the
 * exported files go to: the opened file's when the host knows it, else a placeholder to replace.
 */
import { restoreServerConfig } from '../../core/restore/config.js';
import type { Launcher } from '../../core/restore/config.js';
import { useApp } from '../store/index.js';

/** Without the host's answer, the published package's command. */
const FALLBACK: Launcher = { command: 'npx', args: ['compaction-inspector'] };
const PLACEHOLDER = '/path/to/the/exported/files';

export function folderOf(path: string | null): string {
  if (path === null) return PLACEHOLDER;
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : PLACEHOLDER;
}

export function RestoreServerSetup({ path }: { path: string | null }) {
  const launcher = useApp((s) => s.host?.cliLauncher ?? FALLBACK);
  const folder = folderOf(path);
  const config = restoreServerConfig(launcher, folder);
  return (
    <section className="restore-setup small" aria-label="Restore server configuration">
      <p>
        Attach the restore server to the folder of the exported files
        {folder === PLACEHOLDER ? ' (replace the placeholder with it)' : ''}:
      </p>
      <h3>Claude Code</h3>
      <pre className="mono">{config.claudeAdd}</pre>
      <p>or in the project’s .mcp.json:</p>
      <pre className="mono">{config.claudeMcpJson}</pre>
      <h3>Codex CLI (~/.codex/config.toml)</h3>
      <pre className="mono">{config.codexToml}</pre>
      <h3>Any stdio client</h3>
      <pre className="mono">{config.commandLine}</pre>
    </section>
  );
}
