/**
 * The terms that identify a call's target, and how specific a term is in one history: what a
 * later mention of a call counts for in the offline model (R12 at the default threshold).
 */
import { describe, expect, it } from 'vitest';
import { callInputText } from '../../../core/engine/evidence.js';
import { GENERIC_TERMS, specificity, targetTerms } from '../../../core/engine/targetTerms.js';

const of = (input: Record<string, unknown>) => targetTerms(callInputText(JSON.stringify(input)));

describe('target terms', () => {
  it('R12 keeps a path, its file name and compound segments, never generic pieces', () => {
    const terms = of({ path: 'web/src/orders-v1/retry_policy.py' });
    expect(terms).toEqual(['web/src/orders-v1/retry_policy.py', 'orders-v1', 'retry_policy.py']);
    for (const generic of ['web', 'src', 'test', 'docs', 'main']) expect(GENERIC_TERMS.has(generic)).toBe(true);
    expect(of({ path: 'web/styles' })).toEqual(['web/styles']);
    expect(of({ path: 'docs/main' })).toEqual(['docs/main']);
  });

  it('R12 takes a search pattern or identifier as written, without leading dashes', () => {
    expect(of({ pattern: '--color-brand', path: 'web/styles' })).toEqual(['color-brand', 'web/styles']);
    expect(of({ query: 'orders_created_at_idx' })).toEqual(['orders_created_at_idx']);
  });

  it('R12 reads the distinctive terms of a command, not its plain words', () => {
    expect(of({ command: 'grep -n "retry budget" services/payments/retry.py' })).toEqual([
      'services/payments/retry.py',
      'retry.py',
      'retry budget',
    ]);
  });

  it('R12 specificity is 1 for a term only one call holds and falls as more calls hold it', () => {
    expect(specificity(1, 20)).toBe(1);
    expect(specificity(5, 20)).toBeLessThan(specificity(2, 20));
    expect(specificity(20, 20)).toBeLessThan(0.05);
    expect(specificity(1, 1)).toBe(1);
  });
});
