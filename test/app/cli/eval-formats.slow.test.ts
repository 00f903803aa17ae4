/**
 * `eval` reads every native format (SPEC §9): the real files of ../shared/formats join the
 * corpus as evaluation material, each conversation of a file its own transcript.
 */
import { describe, expect, it } from 'vitest';
import { readTranscripts } from '../../../app/cli/transcripts.js';
import { FIXTURES } from '../../core/formats/support.js';
import { sharedPath, sharedSkipReason } from '../../support/shared.js';
import { runCli, tempDir } from './support.js';

const formats = sharedPath('formats');

describe.skipIf(!formats)('eval over ../shared/formats', () => {
  if (!formats) it.skip(sharedSkipReason('formats'), () => {});

  it('§9 a folder is read recursively in every format; several conversations become file#key transcripts', () => {
    const notes: string[] = [];
    const transcripts = readTranscripts([formats as string], (line) => notes.push(line));
    // The folder holds more than the fixtures this suite knows (files of formats still to come are
    // skipped with a reason), so every known fixture's format must be among those read.
    const read = new Set(transcripts.map((t) => t.format));
    for (const { format } of FIXTURES) expect(read).toContain(format);
    expect(
      transcripts
        .filter((t) => t.source.includes('taubench-gpt-4o-airline-first4.json#'))
        .map((t) => t.source.split('#')[1]),
    ).toEqual(['0', '1', '2', '3']);
    expect(transcripts.filter((t) => t.source.includes('output.jsonl#'))).toHaveLength(3);
    // The crashed tau-bench run has no messages: skipped with the run's own reason, not silently.
    expect(notes).toContainEqual(
      expect.stringMatching(/empty-traj\.json: no messages .*info\.error = EOF when reading a line/),
    );
    expect(notes.some((n) => n.includes('SOURCES.md'))).toBe(false);
    // A session its agent compacted is measured from its live context on: the summary line and what follows.
    const compacted = transcripts.find((t) => t.source.endsWith('inspect-scout-compaction-session.jsonl'));
    expect(compacted?.messages.map((m) => m.id)).toEqual(['compact-004', 'compact-005', 'msg_assistant_041']);
    expect(notes).toContainEqual(
      expect.stringMatching(/compaction-session\.jsonl: live context only, from message 3 /),
    );
  });

  it('§9 the eval command measures transcripts of the native formats (JSON report)', async () => {
    const tmp = tempDir();
    try {
      const result = await runCli(['eval', formats as string, '--cuts', '1', '--seeds', '1', '--json'], {
        cwd: tmp.dir,
      });
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as { cuts: Array<{ source: string }> };
      const sources = report.cuts.map((c) => c.source);
      for (const folder of [
        'claude-code-jsonl',
        'mini-swe-agent-traj',
        'openhands-events',
        'openai-chat-completions',
        'swe-agent-traj',
      ])
        expect(
          sources.some((s) => s.includes(`/${folder}/`)),
          folder,
        ).toBe(true);
    } finally {
      tmp.cleanup();
    }
  }, 120_000);
});
