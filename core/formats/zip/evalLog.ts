/**
 * Inspect AI `.eval` logs (SPEC §9 "Sources"): a ZIP whose members are JSON. The reader builds
 * the document the `inspect-log` adapter reads — the header's fields plus `samples` — so
 * detection, conversations and the sample reader are that adapter's; the writer puts each
 * edited sample back into its own member, spliced into the member's text and compressed with
 * the member's method, and copies every other member byte for byte (archive.ts).
 *
 * Member names and what `read_eval_log` needs, from inspect_ai
 * `src/inspect_ai/log/_recorders/eval.py` @ 499e6152e7b8fc8cbd8ac5283536572aa6e4ab17:
 * `header.json` (the log without samples; a log still being written has only
 * `_journal/start.json`, `_read_header_async`), `samples/<id>_epoch_<n>.json` (one sample each,
 * `_sample_filename`; a re-logged sample appends a second member of the same name and the last
 * one wins, `_read_log`), `reductions.json`, `summaries.json` and `_journal/…`, which hold no
 * messages and are kept as they are.
 */
import { detectIndent } from '../../engine/containers.js';
import { exceedsNesting, NESTING_MESSAGE } from '../../engine/depth.js';
import { isRecord } from '../document.js';
import { spliceText } from '../splice.js';
import type { SourceText } from '../types.js';
import { FormatError } from '../types.js';
import type { EvalSampleMember, ZipArchive, ZipReplacement } from './shapes.js';
import { readZip, writeZip } from './archive.js';
import { checkDeclaredSizes, DEFAULT_MAX_INFLATED_BYTES, mbOf } from './inflate.js';
import { memberBytes, replacementFor } from './members.js';

export const HEADER = 'header.json';
export const START = '_journal/start.json';
const SAMPLE = /^samples\/.+\.json$/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function memberJson(archive: ZipArchive, index: number): { text: string; value: unknown } {
  const entry = archive.entries[index];
  const bytes = memberBytes(archive, entry);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch (error) {
    // The decoder's refusal of invalid bytes is a TypeError; anything else is the engine's own
    // limit (no string past ~512 MiB), which is the member's size, not its encoding.
    if (!(error instanceof TypeError))
      throw new FormatError(
        `ZIP member "${entry.name}" is ${mbOf(bytes.length)}, more than one text can hold here`,
        'too_large',
      );
    throw new FormatError(`ZIP member "${entry.name}" is not UTF-8 text`, 'not_json');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FormatError(`ZIP member "${entry.name}" is not JSON: ${(error as Error).message}`, 'not_json');
  }
  if (typeof value === 'object' && value !== null && exceedsNesting(value))
    throw new FormatError(`ZIP member "${entry.name}" is ${NESTING_MESSAGE}`, 'not_json');
  return { text, value };
}

/**
 * The `.eval` archive `bytes` as a document `{...header, samples}`; a broken archive is one
 * FormatError. The members read (the header and every sample) inflate to at most
 * `maxInflatedBytes` together, checked on their declared sizes before any is inflated and on
 * the bytes each one actually makes while it is (inflate.ts).
 */
export function readEvalZip(bytes: Uint8Array, maxInflatedBytes = DEFAULT_MAX_INFLATED_BYTES): SourceText {
  const archive = readZip(bytes);
  // The last member of a name wins, as in read_eval_log.
  const last = new Map<string, number>();
  archive.entries.forEach((entry, i) => last.set(entry.name, i));
  const header = last.has(HEADER) ? HEADER : last.has(START) ? START : null;
  if (header === null)
    throw new FormatError(
      `a ZIP archive without ${HEADER} or ${START}: not an Inspect AI .eval log (members: ${[...last.keys()].slice(0, 8).join(', ')})`,
      'not_a_history',
    );
  const read = [...last].filter(([name]) => name === header || SAMPLE.test(name)).map(([, i]) => archive.entries[i]);
  checkDeclaredSizes(read, maxInflatedBytes);
  const top = memberJson(archive, last.get(header) as number).value;
  if (!isRecord(top)) throw new FormatError(`ZIP member "${header}" is not a JSON object`, 'not_a_history');
  const samples: EvalSampleMember[] = [];
  for (const [name, entry] of last) {
    if (!SAMPLE.test(name)) continue;
    const { text, value } = memberJson(archive, entry);
    samples.push({ entry, name, text, value, indent: detectIndent(text) });
  }
  const methods = Object.fromEntries(archive.entries.map((e) => [e.name, e.method]));
  const value = { ...top, samples: samples.map((s) => s.value) };
  return { kind: 'json', value, indent: 0, finalNewline: false, eval: { archive, header, samples, methods } };
}

const utf8Out = new TextEncoder();

/**
 * The archive with `edited` (the document's value after a proposal) written back: a sample
 * that is still the object the reader parsed keeps its member as it was; an edited one is
 * spliced into its member's text and compressed with that member's method (SPEC §9).
 */
export function writeEvalZip(doc: SourceText, edited: unknown): Uint8Array {
  const zip = doc.kind === 'json' ? doc.eval : undefined;
  if (!zip) throw new FormatError('not a document read from a .eval archive', 'invalid_shape');
  const samples = isRecord(edited) && Array.isArray(edited.samples) ? edited.samples : [];
  const replacements = new Map<number, ZipReplacement>();
  zip.samples.forEach((member, i) => {
    if (samples[i] === member.value) return;
    const text = spliceText(member.text, member.value, samples[i], member.indent);
    replacements.set(member.entry, replacementFor(zip.archive.entries[member.entry], utf8Out.encode(text)));
  });
  // Nothing edited: the file as it was, bytes between members included.
  return replacements.size === 0 ? zip.archive.bytes : writeZip(zip.archive, replacements);
}
