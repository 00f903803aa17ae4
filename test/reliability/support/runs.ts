/** How long the fuzzing properties run: small and fixed in `npm test`, set by `npm run fuzz`. */

/** The runs per property: a fixed small count in `npm test`, `FUZZ_RUNS` in `npm run fuzz`. */
export function fuzzRuns(ciDefault: number): number {
  const fromEnv = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : ciDefault;
}

/** A fixed seed in CI; `FUZZ_SEED` lets a long run explore elsewhere and replay a failure. */
export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return Number.isInteger(fromEnv) ? fromEnv : 1234;
}
