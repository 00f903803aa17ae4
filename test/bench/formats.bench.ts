/**
 * The native formats on the real files of ../shared/formats: per file its format,
 * conversations, messages, calls, error results mapped, whether an unchanged export is
 * JSON-equal and a compacted one reads back as the compaction's answer, and the reduction the
 * offline model gives at default options with every tool eligible (chars of our messages,
 * SPEC §6, and bytes of the exported file). Writes bench-results/formats.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOfflineModel } from '../../core/engine/offline/model.js';
import type { Message } from '../../core/engine/schema.js';
import {
  countToolBlocks,
  exportSource,
  inspectSource,
  openConversation,
  parseSource,
  unchangedProposal,
} from '../../core/formats/index.js';
import {
  compactAndReread,
  errorResults,
  FIXTURES,
  fixtureText,
  FORMATS_DIR,
  sameDocument,
  withPositionalIds,
} from '../core/formats/support.js';

if (!FORMATS_DIR) {
  process.stderr.write('skipped: ../shared/formats is absent\n');
  process.exit(0);
}

const rows: string[] = [];

function isThinkingOnly(message: Message): boolean {
  const blocks = Array.isArray(message.content) ? message.content : [];
  return blocks.length > 0 && blocks.every((b) => b.type === 'thinking' || b.type === 'redacted_thinking');
}

function departures(kept: number, thinking: number): string {
  const parts = [
    ...(kept > 0 ? [`${kept} drop_call kept for targets`] : []),
    ...(thinking > 0 ? [`${thinking} thinking-only replies gone with their calls`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : '–';
}
const pct = (before: number, after: number) =>
  before === 0 ? '–' : `${(((before - after) / before) * 100).toFixed(1)} %`;
for (const fixture of FIXTURES) {
  const text = fixtureText(fixture);
  const jsonl = parseSource(text).kind === 'jsonl';
  const inspected = inspectSource(text);
  let messages = 0;
  let calls = 0;
  let errors = 0;
  let unchanged = true;
  let reread = true;
  // Where the file as written departs from the engine's answer on purpose (SPEC §9).
  let keptForTargets = 0;
  let thinkingReplies = 0;
  let charsBefore = 0;
  let charsAfter = 0;
  let bytesAfter = 0;
  const bytesBefore = Buffer.byteLength(text);
  for (const { key } of inspected.conversations) {
    const source = openConversation(inspected, key);
    messages += source.read.messages.length;
    calls += countToolBlocks(source.read.messages).calls;
    errors += errorResults(source.read.messages);
    unchanged &&= sameDocument(exportSource(source, unchangedProposal(source.read.messages)), text);
    const run = await compactAndReread(text, { conversation: key }, createOfflineModel());
    if (!run.response.success) throw new Error(`${fixture.file}#${key}: compaction failed`);
    // Read back, the file must be what the writer was asked to write: the engine's answer with
    // drop_call written as the format's targets allow, and thinking going with its reply.
    reread &&=
      JSON.stringify(withPositionalIds(run.reread.read.messages)) ===
      JSON.stringify(withPositionalIds(run.proposal.messages));
    keptForTargets += run.proposal.keptForTargets?.length ?? 0;
    const written = new Set(run.proposal.messages.map((m) => m.id));
    thinkingReplies += run.response.answer.messages.filter(
      (m) => m.role === 'assistant' && !written.has(m.id) && isThinkingOnly(m),
    ).length;
    charsBefore += run.response.answer.stats.chars_before ?? 0;
    charsAfter += run.response.answer.stats.chars_after ?? 0;
    // Several conversations of one file: each export changes only its own; count the file once.
    bytesAfter += Buffer.byteLength(run.exported) - (inspected.conversations.length > 1 ? bytesBefore : 0);
  }
  if (inspected.conversations.length > 1) bytesAfter += bytesBefore;
  const name = fixture.file.split('/')[1];
  rows.push(
    `| ${name} | ${inspected.format} | ${inspected.conversations.length} | ${messages} | ${calls} | ${errors} | ${unchanged ? 'JSON-equal' : 'DIFFERS'}${jsonl ? ' (line by line)' : ''} | ${reread ? 'equal' : 'DIFFERS'} | ${departures(keptForTargets, thinkingReplies)} | ${pct(charsBefore, charsAfter)} | ${pct(bytesBefore, bytesAfter)} |`,
  );
}

const table = [
  '| file | format | conversations | messages | calls | error results | unchanged export | compact → export → import | written unlike the engine’s answer | reduction (messages, chars) | reduction (file, bytes) |',
  '|---|---|---:|---:|---:|---:|---|---|---|---:|---:|',
  ...rows,
].join('\n');
const note =
  '"compact → export → import" reads the exported file back and compares it with what the writer was asked to write; the column after it says where that departs from the engine’s answer on purpose. Offline model, default options (SPEC §5), every tool name of the conversation eligible; a file with several conversations sums them (the file reduction applies every conversation’s edits).';
process.stdout.write(`${table}\n\n${note}\n`);
mkdirSync('bench-results', { recursive: true });
writeFileSync(join('bench-results', 'formats.md'), `${table}\n\n${note}\n`);
