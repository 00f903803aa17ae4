/**
 * The heap budget's kept holds (app/host/admission.ts): a finished run's outcome counts in the
 * budget until a run needs the room, then the oldest is dropped first, and only a hold that
 * does not fit even then is `busy`.
 */
import { describe, expect, it } from 'vitest';
import { createAdmission } from '../../../app/host/admission.js';
import { HostApiError } from '../../../app/host/errors.js';

describe('admission budget', () => {
  it('kept outcomes count until a hold needs their room, oldest evicted first; then busy', () => {
    const admission = createAdmission({ concurrency: 1, budgetBytes: 100 });
    const evicted: string[] = [];
    for (const name of ['old', 'newer']) {
      const run = admission.ticket();
      run.hold(60);
      run.keep(30, () => evicted.push(name));
    }
    expect(admission.heldBytes).toBe(60);
    const next = admission.ticket();
    next.hold(60);
    expect(evicted).toEqual(['old']);
    expect(admission.heldBytes).toBe(90);
    next.hold(80);
    expect(evicted).toEqual(['old', 'newer']);
    const other = admission.ticket();
    expect(() => other.hold(30)).toThrow(HostApiError);
    expect(admission.heldBytes).toBe(80);
  });

  it('a hold taken over by another ticket is released once, by its new owner', () => {
    const admission = createAdmission({ concurrency: 1, budgetBytes: 100 });
    const body = admission.ticket();
    body.hold(50);
    const run = body.take();
    body.release();
    expect(admission.heldBytes).toBe(50);
    run.release();
    run.release();
    expect(admission.heldBytes).toBe(0);
  });
});
