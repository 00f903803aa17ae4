/**
 * Every real transcript in ../shared/corpus through the built CLI with the offline backend
 * and all of its tools allowlisted: a valid envelope, never longer, prose untouched (R14),
 * the input file untouched (R11).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../core/engine/schema.js';
import { loadHistory } from '../../../core/engine/containers.js';
import { ResponseSchema } from '../../../core/engine/schema.js';
import { corpusFiles, sharedPath, sharedSkipReason } from '../../support/shared.js';
import { runCli } from './support.js';

const corpus = sharedPath('corpus');

function toolNames(messages: Message[]): string[] {
  const names = new Set<string>();
  for (const m of messages)
    if (Array.isArray(m.content))
      for (const b of m.content) if (b.type === 'tool_call' && typeof b.name === 'string') names.add(b.name);
  return [...names].sort();
}

/** Every text and thinking block, in order, as compact JSON. */
function prose(messages: Message[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    if (typeof m.content === 'string') out.push(JSON.stringify(m.content));
    else if (Array.isArray(m.content))
      for (const b of m.content) if (b.type === 'text' || b.type === 'thinking') out.push(JSON.stringify(b));
  }
  return out;
}

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('the real corpus through the CLI (offline backend)', () => {
  if (corpus === null) it.skip(sharedSkipReason('corpus'), () => {});
  for (const file of corpus === null ? [] : corpusFiles(corpus)) {
    it(`R14 R11 ${file}: exit 0, valid envelope, never longer, prose byte-identical, input unchanged`, async () => {
      const path = join(corpus as string, file);
      const before = sha(path);
      const { messages } = loadHistory(readFileSync(path, 'utf8'));
      const args = [
        'goal=Continue the task and report what is left',
        `messages=@${path}`,
        `eligible_tool_names=${JSON.stringify(toolNames(messages))}`,
        'options={"preserve_recent_messages":2}',
      ];
      const result = await runCli(['compact_context', ...args], { cwd: corpus as string });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const response = ResponseSchema.parse(JSON.parse(result.stdout));
      if (!response.success) throw new Error('expected success');
      const { stats } = response.answer;
      expect(stats.chars_before).toBe(JSON.stringify(messages).length);
      expect(stats.chars_after).toBeLessThanOrEqual(stats.chars_before ?? 0);
      expect(stats.chars_after).toBe(JSON.stringify(response.answer.messages).length);
      expect(prose(response.answer.messages)).toEqual(prose(messages));
      expect(sha(path)).toBe(before);
    });
  }
});
