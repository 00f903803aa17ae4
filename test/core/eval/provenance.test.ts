/**
 * Where a transcript came from, read from its folder's manifest (provenance.ts): what `eval --cv`
 * and `npm run fit` hold out together (§7 the offline model, cross-validated by repository).
 */
import { describe, expect, it } from 'vitest';
import { manifestFromIndex, manifestFromSources, repositoryIn } from '../../../core/eval/provenance.js';

describe('repository manifests', () => {
  it('§7 index.json names each file’s repository, lower-cased; an entry without one names nothing', () => {
    const manifest = manifestFromIndex(
      JSON.stringify([
        { file: 'runs/a.traj.json', repo: 'SWE-agent/mini-swe-agent' },
        { file: 'b.json', repo: 'not-a-repository' },
        { file: 'c.json' },
        'stray',
      ]),
    );
    expect(repositoryIn(manifest, 'runs/a.traj.json')).toBe('swe-agent/mini-swe-agent');
    expect(repositoryIn(manifest, 'b.json')).toBeNull();
    expect(repositoryIn(manifest, 'c.json')).toBeNull();
    expect(repositoryIn(manifest, 'a.traj.json')).toBeNull();
  });

  it('§7 an index that is not a JSON list names nothing', () => {
    expect(repositoryIn(manifestFromIndex('{"file":"a.json","repo":"o/n"}'), 'a.json')).toBeNull();
    expect(repositoryIn(manifestFromIndex('not json'), 'a.json')).toBeNull();
  });

  it('§7 SOURCES.md: a heading’s paths take its Source repository, “same repository” the one before, a …-name its tail', () => {
    const manifest = manifestFromSources(
      [
        '# Sources',
        '## 1. Chat logs',
        '### `chat/first.json`',
        '- **Source:** https://github.com/All-Hands-AI/OpenHands (now OpenHands/OpenHands), path `x.json`.',
        '### `chat/second.json`',
        '- **Source:** same repository and commit, path `y.json`.',
        '### `resp/one.1.json`, `…-two.1.json`',
        '- **Source:** https://github.com/vercel/ai, paths `a`, `b`.',
        '### `orphan.json`',
        '- **License:** MIT.',
        '## Sources looked at and skipped',
        '- **Source:** https://github.com/elsewhere/else',
      ].join('\n'),
    );
    expect(repositoryIn(manifest, 'chat/first.json')).toBe('all-hands-ai/openhands');
    expect(repositoryIn(manifest, 'chat/second.json')).toBe('all-hands-ai/openhands');
    expect(repositoryIn(manifest, 'resp/one.1.json')).toBe('vercel/ai');
    expect(repositoryIn(manifest, 'resp/vercel-ai-two.1.json')).toBe('vercel/ai');
    // A tail matches in the first path's folder only.
    expect(repositoryIn(manifest, 'other/vercel-ai-two.1.json')).toBeNull();
    expect(repositoryIn(manifest, 'orphan.json')).toBeNull();
  });
});
