/**
 * `formats [--json]` (SPEC §9): every native format `messages=@FILE` reads — its id (for
 * `--format`), what it reads and where such files usually are. The list is core's registry,
 * so it cannot drift from what detection knows.
 */
import { FORMATS } from '../../core/formats/index.js';
import { EXIT } from '../host/errors.js';

export async function run(argv: string[]): Promise<number> {
  if (argv.some((a) => a !== '--json')) {
    process.stderr.write(`formats: unknown argument "${argv.find((a) => a !== '--json')}" (usage: formats [--json])\n`);
    return EXIT.invalid_input;
  }
  if (argv.includes('--json')) {
    const list = FORMATS.map((f) => ({ id: f.id, name: f.name, reads: f.reads, patterns: f.patterns }));
    process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
    return EXIT.success;
  }
  const width = Math.max(...FORMATS.map((f) => f.id.length));
  const lines = FORMATS.flatMap((f) => [
    `${f.id.padEnd(width)}  ${f.name}`,
    `${' '.repeat(width)}  reads: ${f.reads}`,
    `${' '.repeat(width)}  files: ${f.patterns.join('; ')}`,
  ]);
  process.stdout.write(
    `Formats of messages=@FILE (detected from the content; --format ID overrides):\n\n${lines.join('\n')}\n`,
  );
  return EXIT.success;
}
