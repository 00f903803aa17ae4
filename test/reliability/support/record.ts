/**
 * Figures for `npm run reliability`: when RELIABILITY_OUT names a directory, each test writes
 * what it tried and how it ended as one JSON file there; report.ts turns them into the table.
 * Under plain `npm test` nothing is written.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Figure {
  area: 'inputs' | 'faults' | 'load' | 'security';
  name: string;
  tried: number;
  /** Outcome → count; "lost" means a changed input or a half-applied result (must be 0). */
  outcomes: Record<string, unknown>;
  notes?: string;
}

export function record(figure: Figure): void {
  const dir = process.env.RELIABILITY_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = `${figure.area}-${figure.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`;
  writeFileSync(join(dir, file), JSON.stringify(figure, null, 1));
}

export function recordFuzz(name: string, tried: number, outcomes: Record<string, unknown>, notes?: string): void {
  record({ area: 'inputs', name, tried, outcomes, notes });
}
