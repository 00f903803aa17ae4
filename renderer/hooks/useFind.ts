/**
 * Find across both panes: Ctrl/Cmd+F focuses the field, the typed query becomes the
 * highlighted `findTerm` after a short pause (a 10,000-message history is searched once per
 * pause, not once per key), and Enter / Shift+Enter walk the hits one by one, off-screen rows
 * included. The hit stood on is the store's `findCurrent`: its <mark> is marked current and
 * collapsed text around it opens. The hits are the store's (`selectFindResult`); which text
 * holds them and where a step lands are core functions (core/inspect/find.ts).
 */
import { useEffect, useRef } from 'react';
import { fieldKey } from '../../core/inspect/display.js';
import { hitAt, stepHit } from '../../core/inspect/find.js';
import type { Direction } from '../../core/inspect/navigate.js';
import { useApp } from '../store/index.js';
import { selectFindResult } from '../store/selectors.js';
import type { JumpTo } from './useRowJump.js';

const DEBOUNCE_MS = 120;

export function useFind(selectedPos: number, goTo: JumpTo) {
  const query = useApp((s) => s.query);
  const findTerm = useApp((s) => s.findTerm);
  const setQuery = useApp((s) => s.setQuery);
  const setFindTerm = useApp((s) => s.setFindTerm);
  const findCurrent = useApp((s) => s.findCurrent);
  const setFindCurrent = useApp((s) => s.setFindCurrent);
  const input = useRef<HTMLInputElement>(null);
  // Enter pressed before the pause ended: search now and step once the hits exist.
  const pendingStep = useRef<Direction | null>(null);
  const term = query.trim();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const id = setTimeout(() => setFindTerm(term), DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [term, setFindTerm]);

  const result = useApp(selectFindResult);
  // The hit stood on, as an index into `result`; a new result starts from none.
  const index = findCurrent?.result === result ? findCurrent.index : -1;

  const step = (dir: Direction) => {
    const next = stepHit(result, index, selectedPos, dir);
    const hit = next === null ? null : hitAt(result, next);
    if (next === null || hit === null) return;
    const key = fieldKey(hit.message, hit.field.block, hit.field.part);
    setFindCurrent({ result, index: next, key, start: hit.start, end: hit.end });
    goTo(hit.position);
  };

  useEffect(() => {
    if (pendingStep.current === null || findTerm !== term) return;
    const dir = pendingStep.current;
    pendingStep.current = null;
    step(dir);
  });

  const onEnter = (dir: Direction) => {
    if (findTerm === term) return step(dir);
    pendingStep.current = dir;
    setFindTerm(term);
  };

  const onRow = index >= 0 && hitAt(result, index)?.position === selectedPos;
  return {
    input,
    query,
    setQuery,
    total: result.total,
    /** Index of the hit stood on, -1 when none is (or the selection moved to another row). */
    current: onRow ? index : -1,
    /** The typed term has been searched: the count is about what the field shows. */
    settled: term !== '' && findTerm === term,
    step,
    onEnter,
  };
}
