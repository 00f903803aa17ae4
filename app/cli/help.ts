/**
 * The `--help` text: commands, request keys, options (SPEC §5 with ranges), environment
 * and exit codes. Option defaults come from core so the text cannot drift from the schema.
 */
import { DEFAULT_ARCHIVE_REF, DEFAULT_OPTIONS } from '../../core/engine/schema.js';

/** Summaries of commands other modules may register; unregistered ones are not listed. */
const SUMMARIES: Record<string, string> = {
  compact_context: 'propose a compacted history (SPEC §8); prints the response envelope as JSON',
  serve: 'serve [--port N] [--policy FILE]: start the local service and the web UI on 127.0.0.1',
  eval: 'measure decisions on real transcripts against observation masking, random and peer policies, with a threshold sweep (eval --help)',
  formats: 'list the native transcript formats messages=@FILE reads (ids for --format, file patterns)',
  compare:
    'compare A.json B.json [--json]: two envelopes or audit records of the same history; the calls whose action differs, the agreement rate',
  mcp: 'mcp [--archive-dir DIR]... [--policy FILE]: the restore server (MCP on stdio) that lets an agent read back what an export shortened (docs/mcp.md)',
  verify:
    'verify AUDIT.json [--json] [--report] [--policy FILE]: re-derive the exported snapshot from the archive and the audit record and check every hash; exit 0 exactly as approved, 1 with the first difference; --report also writes the HTML report; --policy checks the policy the record names',
  install:
    'install claude-code [--project | --user]: the PreCompact hook that puts each compaction Claude Code is about to make in the approval queue (docs/claude-code.md)',
  uninstall: 'uninstall claude-code [--project | --user]: remove that hook; every other setting stays',
  hook: 'hook pre-compact: what the installed hook runs (Claude Code gives it the session on stdin)',
  check:
    'check FILE [--format ID] [--conversation KEY] [--json]: the rules of every target the format feeds (the tool that reads it back, the provider API); exit 0 all pass, 1 a rule fails',
};

const d = DEFAULT_OPTIONS;

export function helpText(commands: string[]): string {
  const width = Math.max(...commands.map((c) => c.length));
  const list = commands.map((c) => `  ${c.padEnd(width)}  ${SUMMARIES[c] ?? ''}`.trimEnd()).join('\n');
  return `compaction-inspector — propose compactions of long agent histories

Usage:
  compaction-inspector <command> [args]
  compaction-inspector --help

Commands:
${list}

compact_context KEY=VALUE ... [--format ID] [--conversation KEY] [--policy FILE]
                [--out PATH [--reviewer NAME] [--force] [--sign-key KEY] [--restore-server]
                 [--resumable]]
  goal                   the next action (required, non-empty; taken verbatim)
  messages               the history (required), in any format of "formats": our message
                         array, JSON Lines or agent state, a Claude Code session, an OpenAI or
                         Anthropic message list, an Inspect log, …; detected from the content;
                         the answer is always our message array, metadata.source names the
                         format and conversation
  eligible_tool_names    JSON array of read-only tool names that may be compacted (default [])
  protected_message_ids  JSON array of message ids kept verbatim (default [])
  protected_call_ids     JSON array of call ids kept verbatim (default [])
  tools                  JSON array of {name, description} shown to the decision model
  archive_ref            where the original history is kept (verbatim; default "${DEFAULT_ARCHIVE_REF}",
                         with --out the archive's file name)
  options                JSON object, see below
  live_from_message_id   the first message of the agent's live context after a compaction its
                         own tool made; calls before it are kept (outside_live_context); set
                         from the file when it records one (Claude Code compact_boundary)
  shell_read_only        JSON {"allow": [...], "deny": [...]}: command patterns (word prefixes,
                         * any one word) a shell tool's call may also run, or never run, and
                         stay a candidate; other writing commands are kept as
                         shell_command_not_read_only (default: the built-in readers only)
  drop_receipts          true: a dropped call leaves a one-line receipt in its place
                         ("[compacted: ran Read file_path=… → 212 lines, …; original: archive …
                         call …]") in the answer and in --out (default false)
  Any value may be @path to read it from a UTF-8 file (messages: also an Inspect .eval ZIP);
  write @@... for a literal leading @.
  --format ID            read messages as this format instead of detecting it
  --conversation KEY     which conversation of a file that holds several (eval samples,
                         results entries, runs); required then, and the error lists the keys
  --policy FILE          an approved compaction-policy.json (docs/policy.md): its tools,
                         protections, archive_ref, drop_receipts and options apply where no
                         KEY=VALUE gives them (options key by key); its decision model where
                         DECISION_MODEL_* names none, with a warning when the model at hand
                         differs
  --out PATH             also write the compacted history in the source's own format and
                         container (also when nothing changed), and beside it the archive of
                         the input (its bytes, named by their SHA-256) and PATH.audit.json
                         (hashes, policy, decisions, reviewer); never over a file the command
                         read, and over another existing file only with --force
  --reviewer NAME        who approves the --out files (default: the OS user)
  --force                let --out replace existing files (never one the command read)
  --sign-key KEY         sign PATH.audit.json with this unencrypted Ed25519 SSH private key:
                         PATH.audit.json.sig, as ssh-keygen -Y sign -n compaction-inspector-audit
                         writes it; verify --allowed-signers checks it
  --restore-server       with --out: the markers also say how to read the rest back with the
                         restore server's restore_result (see "mcp"); --out prints the
                         configuration for Claude Code, Codex CLI and other clients on stderr
  --resumable            with --out, for a Claude Code session: also write the export as a new
                         session (a fresh sessionId in every line) in the source's session
                         folder (~/.claude/projects/<project>/), else beside PATH, and print
                         the command that resumes it: claude --resume <id>
  Example:
    compaction-inspector compact_context goal='Fix payment retries' \\
      eligible_tool_names='["search_code"]' options='{"preserve_recent_messages":1}' \\
      messages=@history.json

Options (JSON numbers; (int) must be integers; out of range is an error):
  keep_threshold                 ${String(d.keep_threshold).padEnd(6)} 0 to 1
  preserve_recent_messages (int) ${String(d.preserve_recent_messages).padEnd(6)} >= 0
  max_state_tokens (int)         ${String(d.max_state_tokens).padEnd(6)} >= 1
  max_request_tokens (int)       ${String(d.max_request_tokens).padEnd(6)} >= 257 (includes a 256-token reserve)
  truncate_head_chars (int)      ${String(d.truncate_head_chars).padEnd(6)} >= 0
  truncate_tail_chars (int)      ${String(d.truncate_tail_chars).padEnd(6)} >= 0 (also keep the end of a dropped result)
  max_concurrency (int)          ${String(d.max_concurrency).padEnd(6)} 1 to 32
  total_timeout_seconds          ${String(d.total_timeout_seconds).padEnd(6)} > 0

Environment (also read from ./.env; the environment wins):
  DECISION_MODEL_BACKEND               offline (default, local, no key), scripted, or openai
  DECISION_MODEL_API_KEY               provider key (openai); never printed
  DECISION_MODEL_NAME                  provider model name
  DECISION_MODEL_BASE_URL              OpenAI-compatible endpoint
  DECISION_MODEL_SCRIPT                JSON file of probabilities for the scripted backend:
                                       {"answers":{"<call_id>":{"call":0.9,"result":0.1}},"default":{"call":0,"result":0}}
  DECISION_MODEL_TIMEOUT_SECONDS       per-request timeout (default 10, > 0)
  DECISION_MODEL_MAX_RETRIES           retries per request (default 1, integer >= 0)
  DECISION_MODEL_RETRY_DELAY_SECONDS   first retry delay, doubling (default 0.5, >= 0)
  DECISION_MODEL_PROBABILITY           logprobs (default) or verbalized
  DECISION_MODEL_MAX_KEYS_PER_REQUEST  question keys per request (default 100, integer >= 2)
  COMPACTION_INSPECTOR_SIGN_KEY        serve and the desktop app: the Ed25519 SSH private key
                                       that signs every export's audit record
  Legacy CLASSIFIER_* names with the same suffixes are read, with a warning, when the
  DECISION_MODEL_* name is absent.

Exit codes:
  0  success: the envelope is on stdout
  1  compaction failed (model, budget, deadline, invalid answers): the envelope is on stdout;
     or an unexpected internal error (one line on stderr)
  2  bad input or usage: one line on stderr, nothing on stdout
`;
}
