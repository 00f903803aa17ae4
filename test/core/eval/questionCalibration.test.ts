/**
 * Calibration per question (R12 compares keep_call and keep_result with one threshold): each is
 * scored against its own label, with its log loss and reliability bins.
 */
import { describe, expect, it } from 'vitest';
import type { CutResult } from '../../../core/eval/evaluate.js';
import {
  calibrationLines,
  callReliabilityChart,
  callReliabilityTable,
  questionCalibration,
} from '../../../core/eval/questionCalibration.js';

type Candidate = CutResult['candidates'][number];

const candidate = (keepCall: number, keepResult: number, used: boolean, named: boolean): Candidate => ({
  call_id: 'c',
  tool_name: 'read_file',
  used: { 'later-use': used, strict: used },
  reused: { 'later-use': [], strict: [] },
  call_named: named,
  action: 'keep',
  keep_result: keepResult,
  keep_call: keepCall,
});

const cut = (candidates: Candidate[]) => ({ error: null, candidates }) as unknown as CutResult;

describe('question calibration', () => {
  it('R12 scores keep_call against the call still needed and keep_result against later use', () => {
    const results = [
      cut([candidate(0.9, 0.1, false, true), candidate(0.9, 0.9, true, false), candidate(0.1, 0.1, false, false)]),
    ];
    const [result, call] = questionCalibration(results);
    expect(result.question).toBe('keep_result');
    expect(call.question).toBe('keep_call');
    // keep_call: both 0.9 calls were needed (named again; result used), the 0.1 one was not.
    expect(call.observed).toBeCloseTo(2 / 3);
    expect(call.logLoss).toBeCloseTo(-Math.log(0.9));
    expect(result.observed).toBeCloseTo(1 / 3);
    expect(result.logLoss).toBeCloseTo(-Math.log(0.9));
    expect(call.bins[9]).toMatchObject({ candidates: 2, observed: 1 });
    expect(call.brier).toBeCloseTo(0.01);
    expect(result.brier).toBeCloseTo(0.01);
    // Far-apart medians are the sign of two questions on different scales.
    expect(call.median).toBeCloseTo(0.9);
    expect(result.median).toBeCloseTo(0.1);
  });

  it('takes the median of an even count as the mean of the middle two, and has no figures without candidates', () => {
    const [result] = questionCalibration([cut([candidate(0.5, 0.2, false, false), candidate(0.5, 0.4, true, false)])]);
    expect(result.median).toBeCloseTo(0.3);
    const [empty] = questionCalibration([cut([])]);
    expect(empty).toMatchObject({ candidates: 0, logLoss: null, brier: null, median: null });
  });

  it('R12 prints both questions and draws keep_call', () => {
    const results = [cut([candidate(0.7, 0.2, true, false)])];
    const text = calibrationLines(results).join('\n');
    expect(text).toMatch(/keep_result .* log loss 1\.609, Brier 0\.640, median p 20\.0%/);
    expect(text).toMatch(/keep_call .* log loss 0\.357, Brier 0\.090, median p 70\.0%/);
    expect(callReliabilityChart(results)).toContain('predicted keep_call');
    expect(callReliabilityTable(results)).toMatch(/0\.7–0\.8<\/th><td>1<\/td><td>70\.0%<\/td><td>100\.0%/);
  });

  it('R12 with the shared shift known, prints each question also as the chance behind it (the shift taken off)', () => {
    // p = 0.5 under a shift of ln 3 stands for a chance of 1/4 (odds 1:1 divided by 3).
    const results = [cut([candidate(0.5, 0.5, true, false), candidate(0.5, 0.5, false, false)])];
    const [result, call] = questionCalibration(results, 10, () => Math.log(3));
    expect(result.chance?.meanPredicted).toBeCloseTo(0.25);
    expect(call.chance?.median).toBeCloseTo(0.25);
    expect(result.chance?.brier).toBeCloseTo((0.75 ** 2 + 0.25 ** 2) / 2);
    const text = calibrationLines(results, () => Math.log(3)).join('\n');
    expect(text).toMatch(
      /keep_result {2}as a chance \(without the shared shift\): log loss 0\.837, Brier 0\.313, median p 25\.0%/,
    );
    expect(text).toMatch(/keep_call {4}as a chance/);
    // Without a known shift (another backend) there is no chance line.
    expect(questionCalibration(results)[0].chance).toBeNull();
    expect(calibrationLines(results).join('\n')).not.toContain('as a chance');
  });
});
