/** The installed package's version: what `app.info` shows and an audit record's `tool.version` names. */
import { readFileSync } from 'node:fs';

export function packageVersion(): string {
  const url = new URL('../../../package.json', import.meta.url);
  try {
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
