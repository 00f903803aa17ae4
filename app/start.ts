/**
 * `npm start`: the Electron window where the binary exists; otherwise one line saying so and
 * the web host (`serve`), which prints the URL to open.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron/binary.js';

const binary = findElectronBinary();
if (binary) {
  const main = fileURLToPath(new URL('./electron/main.js', import.meta.url));
  const child = spawn(binary, [main, ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  process.stdout.write(
    'Electron binary not installed here; starting the web inspector instead (compaction-inspector serve).\n',
  );
  const { run } = await import('./cli/serve.js');
  process.exitCode = await run(process.argv.slice(2));
}
