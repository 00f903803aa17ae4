/**
 * The offline model's decisions: exact text the goal asks for is kept whatever its size, and
 * every term that moved a probability is named in the evidence — the named contributions add
 * up to the probability the decision reports.
 */
import { describe, expect, it } from 'vitest';
import { compactContext } from '../../../../core/engine/compact.js';
import { createOfflineModel } from '../../../../core/engine/offline/model.js';
import type { Decision } from '../../../../core/engine/schema.js';
import { History } from '../../eval/fixtures.js';

/** A worker log of about 7 kB read early and never quoted, then 20 other reads. */
function incident(): History {
  const h = new History();
  h.user('The nightly sync job timed out. Find out why and write it up.');
  const lines = Array.from(
    { length: 250 },
    (_, i) => `03:${String(10 + (i % 50)).padStart(2, '0')} worker-7 sync batch ok`,
  );
  lines.splice(160, 0, '03:41 worker-7 ERROR upstream_timeout after 30000 ms on batch_4161');
  h.tool('c1', 'bash', { command: 'cat /var/log/sync/worker-7.log' }, lines.join('\n'));
  h.say('Checking the config next.');
  for (let i = 0; i < 20; i++)
    h.tool(`c${i + 2}`, 'bash', { command: `cat config/part_${i}.yaml` }, `timeout_ms: ${30000 + i}\nretries: ${i}\n`);
  h.say('Config read.');
  h.user('Go on.');
  return h;
}

async function decisions(goal: string): Promise<Map<string, Decision>> {
  const { messages } = incident();
  const response = await compactContext(
    { messages, goal, eligible_tool_names: ['bash'] },
    { model: createOfflineModel() },
  );
  if (!response.success) throw new Error(response.answer.error.message);
  return new Map(response.answer.decisions.map((d) => [d.call_id, d]));
}

const logit = (p: number) => Math.log(p / (1 - p));

describe('offline model', () => {
  it('keeps a result whatever its size when the goal asks for its text verbatim and names its file', async () => {
    const verbatim = await decisions(
      'Quote the worker-7.log lines about the timeout verbatim in the incident write-up.',
    );
    const plain = await decisions('Summarise what worker-7.log says about the timeout in the incident write-up.');
    const log = verbatim.get('c1');
    expect(log?.action).toBe('keep');
    expect(log?.evidence?.some((e) => /asks for exact text .*names this result \(worker-7\.log/.test(e))).toBe(true);
    // The same result without the verbatim request is left to the archive: the rule made the difference.
    expect(plain.get('c1')?.action, plain.get('c1')?.evidence?.join('\n')).not.toBe('keep');
  });

  it('names every term that moved a probability: baseline plus the named contributions give the logit', async () => {
    for (const decision of (await decisions('Fix the timeout in config/part_3.yaml.')).values()) {
      const evidence = decision.evidence ?? [];
      const sum = (key: 'keep_result' | 'keep_call') =>
        evidence
          .map((line) => new RegExp(`${key} ([+−])(\\d+\\.\\d+)`).exec(line))
          .filter((m): m is RegExpExecArray => m !== null)
          .reduce((total, m) => total + (m[1] === '−' ? -1 : 1) * Number(m[2]), 0);
      const rounding = 0.01 * evidence.length;
      if (evidence.some((line) => /at least|at most/.test(line))) continue; // a rule set the probability
      expect(sum('keep_result')).toBeCloseTo(logit(decision.keep_result ?? 0.5), 0);
      expect(Math.abs(sum('keep_result') - logit(decision.keep_result ?? 0.5))).toBeLessThan(rounding + 0.01);
      expect(Math.abs(sum('keep_call') - logit(decision.keep_call ?? 0.5))).toBeLessThan(rounding + 0.01);
    }
  });
});
