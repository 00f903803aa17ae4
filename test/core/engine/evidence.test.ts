/**
 * Evidence links: where a candidate's distinctive result content reappears
 * later and whether a later call re-read it. Metadata only: ids and terms the later messages
 * themselves contain, never a result body. Checked on a hand-made history.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionBatch, DecisionModel } from '../../../core/engine/model.js';
import { analyze } from '../../../core/engine/guards.js';
import { compactContext } from '../../../core/engine/compact.js';
import { DecisionSchema } from '../../../core/engine/schema.js';
import { distinctiveTerms, mentions } from '../../../core/engine/distinctive.js';
import { computeEvidence, readTargets } from '../../../core/engine/evidence.js';
import { debuggingSession } from '../eval/fixtures.js';

const policy = {
  eligibleToolNames: ['read', 'list', 'edit', 'run'],
  protectedMessageIds: [],
  protectedCallIds: [],
  preserveRecentMessages: 2,
};

describe('distinctive content', () => {
  it('takes paths, identifiers, long numbers, quoted phrases and error lines, not plain words', () => {
    const terms = distinctiveTerms(
      'Open src/app/main.ts: parseConfig failed with "bad value here" after 48213 ms.\nValueError: expected an integer\nthe business class',
    );
    expect([...terms]).toEqual(
      expect.arrayContaining([
        'src/app/main.ts',
        'main.ts',
        'parseconfig',
        '48213',
        'bad value here',
        'valueerror: expected an integer',
      ]),
    );
    expect(terms.has('business')).toBe(false);
    expect(terms.has('class')).toBe(false);
  });

  it('matches a term only at word boundaries', () => {
    expect(mentions('see tax_rate_0427 here', 'tax_rate_0427')).toBe(true);
    expect(mentions('see tax_rate_04270 here', 'tax_rate_0427')).toBe(false);
  });
});

describe('evidence links', () => {
  const { messages } = debuggingSession();
  const analysis = analyze(messages, policy);
  const links = computeEvidence(messages, analysis, 'Write the incident summary.');
  const byCall = new Map(analysis.candidates.map((p) => [p.callId, links.get(p.pairId)]));

  it('names the later messages that quote content first seen in a result, with the terms', () => {
    const read = byCall.get('c1');
    // m3 and m18 say it, m13 edits it, m15 names the helper.
    expect(read?.quoted_in).toEqual(['m3', 'm13', 'm15', 'm18']);
    expect(read?.terms).toEqual(expect.arrayContaining(['compute_total', 'tax_rate_0427', 'sum_line_items']));
  });

  it('marks an older read of the same file as superseded by the later call', () => {
    expect(byCall.get('c1')?.superseded_by).toBe('c4');
    expect(byCall.get('c3')?.superseded_by).toBeNull();
  });

  it('finds nothing for a result the agent never used', () => {
    expect(byCall.get('c2')?.quoted_in).toEqual([]);
    expect(byCall.get('c2')?.terms).toEqual([]);
  });

  it('counts nothing as new in a repeated result (all of it was known before)', () => {
    expect(byCall.get('c4')?.novelTerms).toBe(0);
  });

  it('treats writes as no read target, and cat of one file as a file read', () => {
    expect(readTargets('edit', JSON.stringify({ path: 'a.py', new_string: 'x' }))).toEqual([]);
    expect(readTargets('bash', JSON.stringify({ command: 'cat a/b.py' }))).toContain('file:a/b.py');
    expect(readTargets('Read', JSON.stringify({ file_path: '/x/y.ts' }))).toContain('file:/x/y.ts');
  });

  it('never carries a result body: an unquoted result line appears in no public link', () => {
    const text = JSON.stringify(
      [...links.values()].map((l) => ({ quoted_in: l.quoted_in, terms: l.terms, superseded_by: l.superseded_by })),
    );
    expect(text).not.toContain('release_notes_2019');
    expect(text).not.toContain('spring-sale');
  });
});

describe('evidence links through compactContext', () => {
  const request = {
    messages: debuggingSession().messages,
    goal: 'Write the incident summary.',
    eligible_tool_names: ['read', 'list'],
    options: { preserve_recent_messages: 2 },
  };

  function recorder(accepts: boolean): { model: DecisionModel; batches: DecisionBatch[] } {
    const batches: DecisionBatch[] = [];
    const model: DecisionModel = {
      backend: 'recorder',
      deterministic: true,
      acceptsEvidenceLinks: accepts,
      async decide(batch) {
        batches.push(batch);
        return { probabilities: Object.fromEntries(batch.questions.map((q) => [q.key, 0.9])) };
      },
    };
    return { model, batches };
  }

  it('R12 decisions of candidates carry evidence_links; guarded pairs do not', async () => {
    const response = await compactContext(request, { model: recorder(false).model });
    if (!response.success) throw new Error(response.answer.error.message);
    for (const decision of response.answer.decisions) {
      expect(DecisionSchema.parse(decision)).toBeTruthy();
      expect(decision.evidence_links !== undefined).toBe(decision.keep_call !== null);
    }
    expect(response.answer.decisions.find((d) => d.call_id === 'c3')?.evidence_links).toEqual({
      quoted_in: ['m8'],
      terms: ['88123'],
      superseded_by: null,
    });
  });

  it('a backend gets evidence links and the unfitted history view only when it opts in (provider backends stay with the observation)', async () => {
    const plain = recorder(false);
    await compactContext(request, { model: plain.model });
    expect(plain.batches.every((b) => b.evidenceLinks === undefined && b.history === undefined)).toBe(true);
    const local = recorder(true);
    await compactContext(request, { model: local.model });
    expect(Object.keys(local.batches[0].evidenceLinks ?? {})).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(local.batches[0].history?.stage).toBe(0);
  });
});
