/**
 * The audit report's changed messages: every message the export changes or removes, block by
 * block, the original beside what was written (R13's shortened output, R14's removal). Long
 * texts are clipped, saying how much was left out: the archive has every character.
 */
import type { Analysis } from '../engine/guards.js';
import { blocksOf } from '../engine/pairing.js';
import type { RebuildOptions } from '../engine/rebuild.js';
import { truncateOutput } from '../engine/rebuild.js';
import type { Action, Block, Message } from '../engine/schema.js';
import type { RowBlock } from '../inspect/align.js';
import { alignRows } from '../inspect/align.js';
import type { Truncation } from '../inspect/sizeModel.js';
import { escapeHtml } from '../inspect/html.js';

/** What the export did to a history: the conversation as opened, its pairs and the actions applied. */
export interface ReportedHistory {
  messages: readonly Message[];
  analysis: Analysis;
  actions: ReadonlyMap<string, Action>;
  rebuildOptions: RebuildOptions;
}

/** Characters of one text shown in full; longer ones show their start and the count left out. */
export const REPORT_CLIP_CHARS = 2000;

/** The anchor of a message's section, for links from the decisions table. */
export const messageAnchor = (index: number) => `message-${index}`;

function clipped(text: string): string {
  if (text.length <= REPORT_CLIP_CHARS) return `<pre>${escapeHtml(text)}</pre>`;
  const rest = text.length - REPORT_CLIP_CHARS;
  return `<pre>${escapeHtml(text.slice(0, REPORT_CLIP_CHARS))}</pre><p class="note">… ${rest} more characters, in the archive</p>`;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function outputHtml(output: unknown): string {
  if (Array.isArray(output) && output.every((b) => typeof (b as Block)?.text === 'string'))
    return clipped((output as Array<{ text: string }>).map((b) => b.text).join('\n'));
  return clipped(asText(output));
}

function blockHtml(block: Block, row: RowBlock | undefined): string {
  const fate = row?.fate ?? 'kept';
  const badge = `<span class="fate ${fate}">${fate === 'kept' ? 'unchanged' : fate}${row?.action ? ` (${escapeHtml(row.action)})` : ''}</span>`;
  switch (block.type) {
    case 'text':
      return `<h4>text ${badge}</h4>${clipped(asText(block.text))}`;
    case 'thinking':
      return `<h4>thinking ${badge}</h4><p class="note">${asText(block.thinking).length} characters, never changed</p>`;
    case 'tool_call':
      return `<h4>tool_call <code>${escapeHtml(asText(block.id))}</code> ${escapeHtml(asText(block.name))} ${badge}</h4>${clipped(asText(block.input))}`;
    case 'tool_result': {
      const head = `<h4>tool_result <code>${escapeHtml(asText(block.id))}</code> ${badge}</h4>`;
      if (fate !== 'truncated') return `${head}${outputHtml(block.output)}`;
      return `${head}<div class="pair"><div><h5>before</h5>${outputHtml(block.output)}</div><div><h5>exported</h5>${outputHtml(row?.truncatedOutput)}</div></div>`;
    }
    default:
      return `<h4>${escapeHtml(block.type)} ${badge}</h4>${clipped(asText(block))}`;
  }
}

/** The truncated outputs of the exported drop_result pairs, as the audit view shows them (R13). */
function truncations(history: ReportedHistory): Map<string, Truncation | null> {
  const out = new Map<string, Truncation | null>();
  for (const pair of history.analysis.pairs) {
    if (history.actions.get(pair.pairId) !== 'drop_result') continue;
    const output = truncateOutput(pair.resultBlock.output, pair, history.rebuildOptions);
    out.set(
      pair.pairId,
      output === null ? null : { output, blockChars: JSON.stringify({ ...pair.resultBlock, output }).length },
    );
  }
  return out;
}

/** One section per changed or removed message, in order; a paragraph when nothing changed. */
export function changedMessagesHtml(history: ReportedHistory): string {
  const rows = alignRows(history.messages, history.analysis, history.actions, truncations(history));
  const sections: string[] = [];
  for (const row of rows) {
    if (row.status === 'same') continue;
    const blocks = blocksOf(history.messages[row.index])
      .map((block, b) => `<li>${blockHtml(block, row.blocks.get(b))}</li>`)
      .join('');
    sections.push(
      `<section class="message ${row.status}" id="${messageAnchor(row.index)}"><h3>Message ${row.index + 1} · <code>${escapeHtml(row.id)}</code> · ${escapeHtml(row.role)} · ${row.status}</h3><ol class="blocks">${blocks}</ol></section>`,
    );
  }
  return sections.length > 0 ? sections.join('\n') : '<p>The export changes no message.</p>';
}
