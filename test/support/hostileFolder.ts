/**
 * A folder of history files as a hostile author would leave it for `eval` (SPEC §9 "Sources"):
 * one real history beside a FIFO named like a history, symlinks to endless devices, bytes that
 * are not UTF-8 and a call whose `input` text nests 100,000 levels. Shared by the eval test and
 * the reliability row that measures time and peak memory on it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Message } from '../../core/engine/schema.js';
import { debuggingSession } from '../core/eval/fixtures.js';

/** A call input text nested `depth` levels deep: JSON.parse takes it, JSON.stringify of the value overflows. */
export const deepInput = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

/** The debugging session with its first call's input nested `depth` levels. */
export function deepArgumentsHistory(depth = 100_000): Message[] {
  const messages = structuredClone(debuggingSession().messages);
  for (const message of messages)
    for (const block of Array.isArray(message.content) ? message.content : [])
      if (block.type === 'tool_call') {
        block.input = deepInput(depth);
        return messages;
      }
  throw new Error('the session has no call');
}

export interface HostileFolder {
  dir: string;
  /** The one file eval can measure. */
  good: string;
  /** File name → what the skip line must say about it. */
  skipped: Record<string, RegExp>;
}

export function writeHostileFolder(dir: string): HostileFolder {
  mkdirSync(dir, { recursive: true });
  const good = join(dir, 'session.json');
  writeFileSync(good, JSON.stringify(debuggingSession().messages, null, 1));
  execFileSync('mkfifo', [join(dir, 'x.json')]);
  symlinkSync('/dev/zero', join(dir, 'y.jsonl'));
  symlinkSync('/dev/urandom', join(dir, 'noise.traj'));
  const latin1 = JSON.stringify(debuggingSession().messages).replace('invoice', 'factur\u00e9');
  writeFileSync(join(dir, 'latin1.json'), Buffer.from(latin1, 'latin1'));
  writeFileSync(join(dir, 'deep.json'), JSON.stringify(deepArgumentsHistory()));
  return {
    dir,
    good,
    skipped: {
      'x.json': /a FIFO \(named pipe\), not a regular file/,
      'y.jsonl': /a character device, not a regular file/,
      'noise.traj': /a character device, not a regular file/,
      'latin1.json': /not valid UTF-8/,
      'deep.json': /input: its JSON text nests more than 1000 levels deep/,
    },
  };
}
