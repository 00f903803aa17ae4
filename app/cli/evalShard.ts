/**
 * `eval --shard K/N` and `eval merge`: an evaluation split over machines. A shard measures the
 * files whose place in the whole list is K−1 modulo N and prints its cut results with what a
 * merge needs to check that the shards belong together; `merge` puts the results back in the
 * order one run measures them and reports them through the same code, so the merged report is
 * exactly the one a single run prints.
 */
import { z } from 'zod';
import type { CutResult } from '../../core/eval/evaluate.js';
import { UsageError } from './args.js';
import type { FileSlice, Transcript } from './transcripts.js';

export const SHARD_KIND = 'compaction-inspector/eval-shard@1';

/** What must be equal in every shard of one evaluation: the settings that change a cut's figures, and the model. */
const ShardRunSchema = z.strictObject({
  cuts: z.number(),
  maskM: z.number(),
  seeds: z.number(),
  maxRecallLoss: z.number(),
  options: z.record(z.string(), z.unknown()),
  eligibleToolNames: z.array(z.string()).nullable(),
  policies: z.array(z.string()).nullable(),
  peerParams: z.record(z.string(), z.unknown()),
  backend: z.string(),
  model: z.string().nullable(),
  promptVersion: z.string().nullable(),
  /** How many files the paths named in all: shards of different lists do not merge. */
  files: z.number().int().min(0),
});
export type ShardRun = z.infer<typeof ShardRunSchema>;

const ShardSchema = z.strictObject({
  kind: z.literal(SHARD_KIND),
  shard: z.strictObject({ index: z.number().int().min(1), count: z.number().int().min(1) }),
  run: ShardRunSchema,
  transcripts: z.array(
    z.strictObject({
      source: z.string(),
      sha256: z.string(),
      fileIndex: z.number().int(),
      // For the tables per format and repository; shards written before they were kept lack them.
      format: z.string().optional(),
      repository: z.string().nullable().optional(),
    }),
  ),
  /** Each cut's result as `evaluateCut` returned it, with the file it came from. */
  results: z.array(z.strictObject({ fileIndex: z.number().int(), result: z.looseObject({ source: z.string() }) })),
});
export type EvalShard = z.infer<typeof ShardSchema>;

/** `--shard K/N`: K from 1 to N. */
export function parseShardFlag(raw: string): FileSlice {
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const k = match ? Number(match[1]) : NaN;
  const n = match ? Number(match[2]) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || !Number.isSafeInteger(k) || k < 1 || k > n)
    throw new UsageError(`--shard: expected K/N with 1 ≤ K ≤ N, got "${raw}"`);
  return { index: k - 1, count: n };
}

/** The shard document a `--shard` run prints. */
export function shardDocument(
  slice: FileSlice,
  run: ShardRun,
  transcripts: readonly Transcript[],
  results: readonly CutResult[],
): EvalShard {
  const fileOf = new Map(transcripts.map((t) => [t.source, t.fileIndex]));
  return {
    kind: SHARD_KIND,
    shard: { index: slice.index + 1, count: slice.count },
    run,
    transcripts: transcripts.map((t) => ({
      source: t.source,
      sha256: t.sha256,
      fileIndex: t.fileIndex,
      format: t.format,
      repository: t.repository,
    })),
    results: results.map((result) => ({ fileIndex: fileOf.get(result.source) ?? -1, result: { ...result } })),
  };
}

/** A shard file's text as a shard, or a one-line UsageError naming the file. */
export function parseShard(name: string, text: string): EvalShard {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`eval merge: ${name} is not JSON (write shards with eval --shard K/N)`);
  }
  const parsed = ShardSchema.safeParse(value);
  if (!parsed.success)
    throw new UsageError(`eval merge: ${name} is not an eval shard (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The shards of one evaluation pooled: every shard 1…N exactly once, all of the same run; the
 * results and transcripts in the order a single run reads them (by file, then as measured).
 */
export function mergeShards(shards: ReadonlyArray<{ name: string; shard: EvalShard }>): {
  run: ShardRun;
  transcripts: EvalShard['transcripts'];
  results: CutResult[];
} {
  if (shards.length === 0) throw new UsageError('eval merge: give the shard files');
  const [first] = shards;
  const count = first.shard.shard.count;
  const seen = new Map<number, string>();
  for (const { name, shard } of shards) {
    if (shard.shard.count !== count)
      throw new UsageError(`eval merge: ${name} is shard ${shard.shard.index}/${shard.shard.count}, not of ${count}`);
    if (!same(shard.run, first.shard.run))
      throw new UsageError(`eval merge: ${name} was measured with other settings or another model than ${first.name}`);
    const earlier = seen.get(shard.shard.index);
    if (earlier !== undefined)
      throw new UsageError(`eval merge: ${name} and ${earlier} are both shard ${shard.shard.index}`);
    seen.set(shard.shard.index, name);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((k) => !seen.has(k));
  if (missing.length > 0)
    throw new UsageError(`eval merge: missing shard ${missing.map((k) => `${k}/${count}`).join(', ')}`);
  // Files are dealt round-robin, so sorting by file index (stable within a file) restores one run's order.
  const byFile = <T extends { fileIndex: number }>(items: T[]) => items.sort((a, b) => a.fileIndex - b.fileIndex);
  return {
    run: first.shard.run,
    transcripts: byFile(shards.flatMap(({ shard }) => shard.transcripts)),
    results: byFile(shards.flatMap(({ shard }) => shard.results)).map((r) => r.result as unknown as CutResult),
  };
}
