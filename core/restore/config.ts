/**
 * SPEC §9 "Restore server", hooked up in one step: the configuration that attaches
 * `compaction-inspector mcp --archive-dir DIR` to an agent host, for Claude Code (`.mcp.json`
 * and `claude mcp add`), Codex CLI (`~/.codex/config.toml`) and any other stdio client. The host
 * that exported the files says how to start this program (`launcher`); the folder is where the
 * archive was written.
 */

/** The server name the snippets register; Claude Code then names the tools `mcp__compaction-inspector__…`. */
export const SERVER_NAME = 'compaction-inspector';

/** How to start the command line: the program and its leading arguments (e.g. node and main.js), and environment. */
export interface Launcher {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export interface RestoreServerConfig {
  /** The `mcpServers` entry: `.mcp.json` of Claude Code, and the shape most stdio clients read. */
  server: { command: string; args: string[]; env?: Record<string, string> };
  claudeMcpJson: string;
  claudeAdd: string;
  codexToml: string;
  /** One shell line that starts the server, for a client configured by hand. */
  commandLine: string;
}

export function restoreServerConfig(launcher: Launcher, archiveDir: string): RestoreServerConfig {
  const args = [...launcher.args, 'mcp', '--archive-dir', archiveDir];
  const env = launcher.env && Object.keys(launcher.env).length > 0 ? { ...launcher.env } : undefined;
  const server = { command: launcher.command, args, ...(env ? { env } : {}) };
  const envFlags = env ? Object.entries(env).map(([k, v]) => ` -e ${shellWord(`${k}=${v}`)}`) : [];
  return {
    server,
    claudeMcpJson: JSON.stringify({ mcpServers: { [SERVER_NAME]: server } }, null, 2),
    claudeAdd: `claude mcp add --scope project${envFlags.join('')} ${SERVER_NAME} -- ${[launcher.command, ...args].map(shellWord).join(' ')}`,
    codexToml: [
      `[mcp_servers.${SERVER_NAME}]`,
      `command = ${JSON.stringify(launcher.command)}`,
      `args = [${args.map((a) => JSON.stringify(a)).join(', ')}]`,
      ...(env
        ? [
            `env = { ${Object.entries(env)
              .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
              .join(', ')} }`,
          ]
        : []),
    ].join('\n'),
    commandLine: [
      ...(env ? Object.entries(env).map(([k, v]) => shellWord(`${k}=${v}`)) : []),
      ...[launcher.command, ...args].map(shellWord),
    ].join(' '),
  };
}

/** The configuration as the command line prints it (stderr) and the Export dialog shows it. */
export function restoreServerText(config: RestoreServerConfig): string {
  return [
    `Restore server (MCP) for this folder — lets the agent read back what was shortened:`,
    `  Claude Code: ${config.claudeAdd}`,
    `  or in .mcp.json: ${JSON.stringify({ mcpServers: { [SERVER_NAME]: config.server } })}`,
    `  Codex CLI (~/.codex/config.toml):`,
    ...config.codexToml.split('\n').map((line) => `    ${line}`),
    `  Any stdio client: ${config.commandLine}`,
  ].join('\n');
}

/** A POSIX shell word: bare when it is plainly safe, else single-quoted. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
