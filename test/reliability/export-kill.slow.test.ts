/**
 * An export killed mid-write leaves the old file intact. A child process writes
 * a large snapshot over an existing one with the real `writeAtomic` (app/host/commitFiles.ts,
 * built) and is SIGKILLed at a random moment, again and again; after every kill the target
 * is exactly the old text or exactly the new one, never a torn mix. The temp files the kills
 * leave are removed by the next export to that target once they are stale.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { STALE_TEMP_MS, writeAtomic } from '../../app/host/commitFiles.js';
import { ROOT } from '../app/cli/support.js';
import { record } from './support/record.js';

const KILLS = 12;
const dir = mkdtempSync(join(tmpdir(), 'ci-kill-'));
const target = join(dir, 'history.json');
const OLD = JSON.stringify({ version: 'old', body: 'o'.repeat(2_000_000) });
const NEW = JSON.stringify({ version: 'new', body: 'n'.repeat(24_000_000) });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts a writer that loops forever, and kills it after `delayMs` (spread over a write). */
function killDuringWrite(delayMs: number): Promise<void> {
  const files = pathToFileURL(join(ROOT, 'dist/app/host/commitFiles.js')).href;
  const script = `import { writeAtomic } from ${JSON.stringify(files)}; import { readFileSync } from 'node:fs';
    const text = readFileSync(${JSON.stringify(join(dir, 'new.txt'))}, 'utf8');
    process.stdout.write('ready\\n');
    for (;;) writeAtomic(${JSON.stringify(target)}, text);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.once('exit', () => resolve());
    child.once('error', reject);
  });
}

describe('export killed mid-write', () => {
  it('the target is always the whole old or the whole new text after a SIGKILL', async () => {
    writeFileSync(join(dir, 'new.txt'), NEW);
    const seen: Record<string, number> = { old: 0, new: 0 };
    for (let i = 0; i < KILLS; i++) {
      writeFileSync(target, OLD);
      await killDuringWrite(i * 7);
      const text = readFileSync(target, 'utf8');
      expect(text === OLD || text === NEW).toBe(true);
      seen[text === OLD ? 'old' : 'new']++;
    }
    const temps = () => readdirSync(dir).filter((f) => f.endsWith('.tmp'));
    const leftByKills = temps().length;
    // Time passing, not waited for: the kills' temp files become as old as a stale one.
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    for (const name of temps()) utimesSync(join(dir, name), old, old);
    writeAtomic(target, OLD);
    expect(temps()).toEqual([]);
    expect(readFileSync(target, 'utf8')).toBe(OLD);
    record({
      area: 'security',
      name: 'export killed mid-write',
      tried: KILLS,
      outcomes: { ...seen, torn: 0, temp_files_left_by_kills: leftByKills, temp_files_left_after_next_export: 0 },
      notes:
        '24 MB snapshot over a 2 MB one, SIGKILL at 0–77 ms; the next export removes temp files of its target older than 10 min',
    });
  });
});
