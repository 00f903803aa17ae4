/**
 * The weights the offline model loads are the ones `npm run fit` produces from the shared transcripts: a
 * stale or hand-edited weights file fails here (and `npm run fit -- --check` says so too).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { run } from '../../../../app/cli/fit.js';
import { FAMILIES } from '../../../../core/eval/families.js';
import { checkWeights, FEATURE_NAMES } from '../../../../core/engine/offline/features.js';
import { OFFLINE_MODEL_VERSION } from '../../../../core/engine/offline/model.js';
import { FITTED_WEIGHTS } from '../../../../core/engine/offline/weights.js';
import { sharedPath, sharedSkipReason } from '../../../support/shared.js';

describe('fitted weights', () => {
  it('name every feature of the model and were fitted for this model version', () => {
    expect(() => checkWeights(FITTED_WEIGHTS, OFFLINE_MODEL_VERSION)).not.toThrow();
    expect(Object.keys(FITTED_WEIGHTS.result.weights).sort()).toEqual([...FEATURE_NAMES].sort());
    const stale = { ...FITTED_WEIGHTS, result: { ...FITTED_WEIGHTS.result, weights: { goal_names: 1 } } };
    expect(() => checkWeights(stale as typeof FITTED_WEIGHTS, OFFLINE_MODEL_VERSION)).toThrow(/run npm run fit/);
    expect(() => checkWeights(FITTED_WEIGHTS, 'offline-other-9')).toThrow(
      new RegExp(`fitted for ${OFFLINE_MODEL_VERSION}`),
    );
  });

  const corpus = sharedPath('corpus');
  const formats = sharedPath('formats');
  const next = sharedPath('corpus-next');
  it.skipIf(corpus === null || formats === null)(
    corpus === null || formats === null
      ? sharedSkipReason('corpus and formats')
      : '§7 are exactly what npm run fit writes from the corpus and the native-format files',
    async () => {
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      try {
        expect(await run(['--check', corpus as string, formats as string])).toBe(0);
      } finally {
        stderr.mockRestore();
      }
      expect(FITTED_WEIGHTS.fitted.on.map((f) => f.source)).toContain('miniswe-gemini3pro-requests-1142.json');
      // The default was chosen for the later-use recall floor, measured held out inside the fit data.
      expect(FITTED_WEIGHTS.fitted.operatingPoint?.recall).toBeGreaterThanOrEqual(
        FITTED_WEIGHTS.fitted.operatingPoint?.recallFloor ?? 1,
      );
    },
    300_000,
  );

  it.skipIf(corpus === null || formats === null || next === null)(
    corpus === null || formats === null || next === null
      ? sharedSkipReason('corpus, formats and corpus-next')
      : '§7 npm run fit fits on all three shared folders, each repository held out whole when choosing its settings',
    async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'fit-')), 'weights.ts');
      const lines: string[] = [];
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        lines.push(String(chunk));
        return true;
      });
      try {
        expect(await run(['--out', out, corpus as string, formats as string, next as string])).toBe(0);
      } finally {
        stderr.mockRestore();
      }
      const written = readFileSync(out, 'utf8');
      expect(written).toMatch(/deepseek-chat-astroid-1333\.traj\.json/);
      expect(written).toMatch(/cctrace-portable-sessions\.json/);
      // Five SWE-agent runs that open alike are five conversations; the corpus's tau-bench file, the
      // native-format cut of another and the next-wave results file are one repository.
      expect(lines.join('')).toMatch(/from 189 conversations of 17 held-out units/);
    },
    900_000,
  );

  it.skipIf(corpus === null)(
    corpus === null
      ? sharedSkipReason('corpus')
      : '§7 npm run fit -- --compare prints each model family held out by repository and writes nothing',
    async () => {
      const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      let printed = '';
      try {
        expect(await run(['--compare', '--out', '/nonexistent/weights.ts', corpus as string])).toBe(0);
        printed = stdout.mock.calls.map(([chunk]) => String(chunk)).join('');
      } finally {
        stdout.mockRestore();
        stderr.mockRestore();
      }
      expect(printed).toMatch(/^model family \(keep_result\), 4 held-out units/);
      expect(printed.trim().split('\n')).toHaveLength(1 + FAMILIES.length);
      for (const family of FAMILIES) expect(printed).toContain(`${family.name} | `);
    },
    300_000,
  );
});
