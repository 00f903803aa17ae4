/**
 * `npm run fit -- --audits DIR` reads every exported audit record under the folder with the
 * archive beside it; a file that is not a record, or whose archive is not the original it
 * opened, is skipped with the reason, never guessed at.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReviewedExports } from '../../../app/cli/audits.js';
import { paymentRetryScenario } from '../../../core/examples/index.js';
import type { MadeExport } from '../../support/exports.js';
import { makeExport } from '../../support/exports.js';

function writeBundle(dir: string, made: MadeExport): void {
  mkdirSync(dir, { recursive: true });
  for (const file of Object.values(made.files)) if (file) writeFileSync(join(dir, file.name), file.data);
}

describe('reading reviewed exports (fit --audits)', () => {
  it('reads each record with its archive, recursively, and names every file it skips', async () => {
    const scenario = paymentRetryScenario();
    const text = JSON.stringify(scenario.messages);
    const made = await makeExport({ text, fileName: 'history.json', goal: scenario.goal, comments: {} });
    const root = mkdtempSync(join(tmpdir(), 'audits-'));
    writeBundle(join(root, 'team-a'), made);
    writeBundle(join(root, 'team-b'), made);
    // Same record, another original beside it.
    writeFileSync(join(root, 'team-b', made.record.archive_file.name), text.replace('payment', 'Payment'));
    writeFileSync(join(root, 'notes.audit.json'), '{"kind":"something else"}');
    const skipped: string[] = [];
    const read = readReviewedExports(root, (line) => skipped.push(line));
    expect(read.map((r) => r.name)).toEqual([join('team-a', made.files.audit?.name ?? '')]);
    expect(read[0].archiveText).toBe(text);
    expect(read[0].record.decisions.length).toBeGreaterThan(0);
    expect(skipped).toEqual([
      expect.stringMatching(/^notes\.audit\.json: not an audit record: /),
      expect.stringMatching(/^team-b.*: the archive .* is not the original the record opened$/),
    ]);
  });
});
