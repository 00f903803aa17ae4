/**
 * `check FILE [--format ID] [--conversation KEY] [--json]` (SPEC §9 "Target checks"): runs the
 * structural rules of every target the file's format feeds (core/formats/targets) and prints,
 * per target, pass or fail with the rule ids and the places that break them. Exit 0 when all
 * pass, 1 when a rule fails, 2 on bad input.
 */
import { parseArgs } from 'node:util';
import type { TargetReport } from '../../core/formats/targets/index.js';
import { describePlace, runTargetChecks } from '../../core/formats/targets/index.js';
import { classify, EXIT } from '../host/errors.js';
import { firstLine, readSourceFileBytes, UsageError } from './args.js';
import { openMessages } from './source.js';

export const USAGE = `usage: compaction-inspector check FILE [--format ID] [--conversation KEY] [--json]
  FILE            a history in any format \`formats\` lists
  --format ID     read it as this format instead of detecting it
  --conversation  which conversation of a file that holds several
  --json          the result as JSON: { format, conversation, ok, targets: [{ target, name,
                  status, rules, violations: [{ rule, place, message }] }] }
  Exit 0 when every rule of every target passes, 1 when one fails, 2 on bad input.
`;

function render(reports: readonly TargetReport[]): string {
  if (reports.length === 0) return 'no target rules are encoded for this format\n';
  const lines: string[] = [];
  for (const report of reports) {
    const mark = report.status === 'pass' ? 'pass' : report.status === 'fail' ? 'FAIL' : 'skipped';
    lines.push(`${mark}  ${report.name} (${report.rules.length} rules; ${report.cites})`);
    if (report.reason) lines.push(`      ${report.reason}`);
    for (const v of report.violations.slice(0, 20))
      lines.push(`      ${v.rule} at ${describePlace(v.place)}: ${v.message}`);
    if (report.violations.length > 20) lines.push(`      … ${report.violations.length - 20} more (--json lists them)`);
  }
  return `${lines.join('\n')}\n`;
}

export async function run(argv: string[]): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          format: { type: 'string' },
          conversation: { type: 'string' },
          json: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (error) {
      throw new UsageError(`check: ${firstLine((error as Error).message)}`);
    }
    if (parsed.values.help) {
      process.stdout.write(USAGE);
      return EXIT.success;
    }
    const [file, ...extra] = parsed.positionals;
    if (file === undefined || extra.length > 0)
      throw new UsageError(`check: give exactly one file (got ${parsed.positionals.length})`);
    const { text } = readSourceFileBytes(file, file);
    const opened = await openMessages(text, `@${file}`, {
      format: parsed.values.format,
      conversation: parsed.values.conversation,
    });
    const reports = runTargetChecks({ doc: opened.doc, read: opened.read });
    const ok = reports.every((r) => r.status !== 'fail');
    if (parsed.values.json)
      process.stdout.write(
        `${JSON.stringify({ format: opened.format, conversation: opened.read.conversation, ok, targets: reports }, null, 2)}\n`,
      );
    else process.stdout.write(`${opened.format}, conversation ${opened.read.conversation}\n${render(reports)}`);
    return ok ? EXIT.success : EXIT.failed;
  } catch (error) {
    const failure = classify(error);
    if (failure.kind === 'internal') throw error;
    process.stderr.write(`${failure.message}\n`);
    return EXIT.invalid_input;
  }
}
