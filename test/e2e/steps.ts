/** Threshold steps timed in the page, for the benches (R15: a step re-derives, the model is not asked). */
import type { Page } from '@playwright/test';

export interface Step {
  /** Input event → both figures shown. */
  total: number;
  /** Input event → the characters re-derived and the tokens shown as "counting…" (the main thread's share). */
  derived: number;
}

/**
 * Moves the keep threshold to each of `thresholds` in turn, each once the last is shown: the time
 * until the audit header shows that threshold's characters and BPE tokens (no "counting…").
 */
export function stepThreshold(page: Page, thresholds: number[]): Promise<Step[]> {
  return page.evaluate(async (values) => {
    const slider = document.getElementById('keep-threshold') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const stats = document.querySelector('[aria-label="Statistics"]') as HTMLElement;
    const tokenText = () =>
      Array.from(stats.querySelectorAll('.stat'))
        .find((s) => s.textContent?.includes('Tokens before'))
        ?.querySelector('dd')?.textContent ?? '';
    const out: Array<{ total: number; derived: number }> = [];
    for (const v of values) {
      await new Promise((r) => requestAnimationFrame(r));
      let derived = 0;
      const done = new Promise<number>((resolve) => {
        // Done when the header shows this threshold's figures with the count in: a held step
        // (renderer/store/proposal.ts) never shows "counting…", and its figures may equal the last.
        const check = () => {
          const text = tokenText();
          if (text.includes('counting')) derived ||= performance.now();
          else if (stats.dataset.threshold === String(v)) {
            observer.disconnect();
            resolve(performance.now());
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(stats, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      const t0 = performance.now();
      setValue.call(slider, String(v));
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      const total = (await done) - t0;
      out.push({ total, derived: derived === 0 ? total : derived - t0 });
    }
    return out;
  }, thresholds);
}
