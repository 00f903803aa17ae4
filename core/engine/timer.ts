/**
 * Timers hold their delay in a signed 32-bit count of milliseconds (about 24.8 days); a longer
 * one fires at once with a TimeoutOverflowWarning. R10's limits are upper bounds, so a larger
 * total_timeout_seconds, per-request timeout or retry delay means "as long as a timer can wait".
 */
export const MAX_TIMER_MS = 2_147_483_647;

/** Every engine timer starts here, so no configured limit can overflow into "now" (R10). */
export function startTimer(handler: () => void, ms: number): ReturnType<typeof setTimeout> {
  return setTimeout(handler, Math.min(ms, MAX_TIMER_MS));
}
