/**
 * Shared by the tests of ../shared/corpus-next (its SOURCES.md): each real file read in place,
 * what a format's reader finds in it over every conversation, and an export with drops judged
 * by the format's targets (SPEC §9).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Action } from '../../../core/engine/schema.js';
import type { InspectedSource, OpenedSource } from '../../../core/formats/index.js';
import {
  countToolBlocks,
  exportSource,
  inspectSource,
  openConversation,
  unchangedProposal,
} from '../../../core/formats/index.js';
import { judgeExport } from '../../../core/formats/targets/index.js';
import { sharedPath } from '../../support/shared.js';
import { proposalFromChoices } from './support.js';

export const NEXT_DIR = sharedPath('corpus-next');

export function nextText(file: string): string {
  return readFileSync(join(NEXT_DIR as string, file), 'utf8');
}

export interface Tally {
  conversations: number;
  calls: number;
  results: number;
  /** Conversations whose export with no edit is not the file byte for byte. */
  changedByNoop: string[];
}

/** Calls and results over every conversation, and whether a no-op export gives the file back. */
export function tally(text: string): Tally {
  const inspected = inspectSource(text);
  const out: Tally = { conversations: inspected.conversations.length, calls: 0, results: 0, changedByNoop: [] };
  for (const { key } of inspected.conversations) {
    const source = openConversation(inspected, key);
    const counted = countToolBlocks(source.read.messages);
    out.calls += counted.calls;
    out.results += counted.results;
    if (exportSource(source, unchangedProposal(source.read.messages)) !== text) out.changedByNoop.push(key);
  }
  return out;
}

/** Candidates alternate drop_call and drop_result, written as the targets allow (what an export does). */
export function exportWithDrops(inspected: InspectedSource, key: string) {
  const source: OpenedSource = openConversation(inspected, key);
  const choices: Action[] = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 'drop_call' : 'drop_result'));
  const proposal = proposalFromChoices(source, choices, 40, true);
  const exported = exportSource(source, proposal);
  return { source, proposal, exported, verdict: judgeExport(source, exported) };
}
