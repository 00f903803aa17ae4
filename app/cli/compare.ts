/**
 * `compare A.json B.json [--json]` (SPEC §9): two §6 envelopes or audit records of the same
 * history → the calls whose action differs, both probabilities and reasons, the agreement rate
 * and the size after each. Exit 0 with the table; 2 with one line on stderr when a file is not
 * a proposal or the two are proposals for different histories (the line says which figure differs:
 * first the input digest both sides carry, core/inspect/compare.ts); a warning line on stderr when a
 * side carries no digest and the histories were matched by their figures alone.
 */
import type { ProposalSide } from '../../core/inspect/compare.js';
import { compareProposals, CompareInputError, missingDigest, proposalSide } from '../../core/inspect/compare.js';
import { compareReport, renderComparison } from '../../core/inspect/compareReport.js';
import { classify, EXIT } from '../host/errors.js';
import { parseFileCommand, parseJsonValue, readTextFile, UsageError } from './args.js';

export const USAGE = `usage: compaction-inspector compare A.json B.json [--json]
  A.json, B.json  two §6 envelopes (compact_context's output) or two audit records (an export's
                  .audit.json) of the same history; an envelope and a record may be mixed
  --json          the comparison as JSON on stdout instead of the table
`;

function readSide(label: 'A' | 'B', path: string): ProposalSide {
  const value = parseJsonValue(`${label} (${path})`, readTextFile(`${label} (${path})`, path));
  try {
    return proposalSide(value);
  } catch (error) {
    if (error instanceof CompareInputError) throw new UsageError(`${label} (${path}): ${error.message}`);
    throw error;
  }
}

export async function run(argv: string[]): Promise<number> {
  try {
    const parsed = parseFileCommand('compare', argv, USAGE);
    if (parsed === null) return EXIT.success;
    const [a, b, ...extra] = parsed.files;
    if (a === undefined || b === undefined || extra.length > 0)
      throw new UsageError(`compare: give exactly two files, A and B (got ${parsed.files.length})`);
    const [sideA, sideB] = [readSide('A', a), readSide('B', b)];
    const comparison = compareProposals(sideA, sideB);
    const unmatched = missingDigest(sideA, sideB);
    if (unmatched !== null) process.stderr.write(`warning: ${unmatched}\n`);
    const report = compareReport(comparison, { a, b });
    process.stdout.write(parsed.json ? `${JSON.stringify(report, null, 2)}\n` : renderComparison(report));
    return EXIT.success;
  } catch (error) {
    const failure = classify(error instanceof CompareInputError ? new UsageError(error.message) : error);
    if (failure.kind === 'internal') throw error;
    process.stderr.write(`${failure.message}\n`);
    return failure.exit;
  }
}
