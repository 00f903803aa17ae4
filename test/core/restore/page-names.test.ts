/**
 * SPEC §9 "Restore server" helpers: restore_result pages by code points, and what a file name
 * may be before anything is read (no absolute path, no "..", an archive named by its SHA-256).
 */
import { describe, expect, it } from 'vitest';
import { archiveHashPrefix, refusedName } from '../../../core/restore/names.js';
import { pageOf } from '../../../core/restore/page.js';
import { archiveFileName } from '../../../core/records/audit.js';

describe('§9 restore_result pages', () => {
  it('§9 pages count code points: an astral character at the edge is never split', () => {
    const text = 'ab😀cd😀';
    expect(pageOf(text, 0, 3)).toEqual({ text: 'ab😀', total_chars: 6, offset: 0, returned_chars: 3, next_offset: 3 });
    expect(pageOf(text, 3, 3)).toEqual({
      text: 'cd😀',
      total_chars: 6,
      offset: 3,
      returned_chars: 3,
      next_offset: null,
    });
  });

  it('§9 an empty output is one empty last page', () => {
    expect(pageOf('', 0, 10)).toEqual({ text: '', total_chars: 0, offset: 0, returned_chars: 0, next_offset: null });
  });
});

describe('§9 names inside the roots', () => {
  it('§9 absolute paths and ".." are refused; plain and nested names pass', () => {
    expect(refusedName('archive', '/etc/passwd')).toMatch(/absolute path/);
    expect(refusedName('archive', 'C:\\x.json')).toMatch(/absolute path/);
    expect(refusedName('archive', 'a/../../b.json')).toMatch(/"\.\."/);
    expect(refusedName('archive', '')).toMatch(/empty/);
    expect(refusedName('archive', 'runs/s.0123456789abcdef.json')).toBeNull();
  });

  it('§9 the SHA-256 prefix is read from the name an export gives the archive', () => {
    const sha = 'ab'.repeat(32);
    expect(archiveHashPrefix(archiveFileName(sha, 'session.jsonl'))).toBe(sha.slice(0, 16));
    expect(archiveHashPrefix(archiveFileName(sha, 'history'))).toBe(sha.slice(0, 16));
    expect(archiveHashPrefix('session.jsonl')).toBeNull();
  });
});
