/**
 * Find across both panes: Ctrl/Cmd+F focuses the field, the typed query becomes the
 * highlighted `findTerm` after a short pause (a 10,000-message history is searched once per
 * pause, not once per key), and Enter / Shift+Enter walk the matching rows, off-screen rows
 * included. Which rows match and where a step lands are core functions (core/inspect).
 */
import { useEffect, useMemo, useRef } from 'react';
import type { AlignedRow } from '../../core/inspect/align.js';
import { findRows } from '../../core/inspect/find.js';
import type { Direction } from '../../core/inspect/navigate.js';
import { stepMatch } from '../../core/inspect/navigate.js';
import { useApp } from '../store/index.js';
import type { JumpTo } from './useRowJump.js';

const DEBOUNCE_MS = 120;
const NO_MATCHES: number[] = [];

export function useFind(visible: readonly AlignedRow[], selectedPos: number, goTo: JumpTo) {
  const messages = useApp((s) => s.snapshot?.messages ?? null);
  const query = useApp((s) => s.query);
  const findTerm = useApp((s) => s.findTerm);
  const setQuery = useApp((s) => s.setQuery);
  const setFindTerm = useApp((s) => s.setFindTerm);
  const input = useRef<HTMLInputElement>(null);
  // Enter pressed before the pause ended: search now and step once the matches exist.
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

  const matches = useMemo(
    () => (messages ? findRows(visible, messages, findTerm) : NO_MATCHES),
    [visible, messages, findTerm],
  );

  const step = (dir: Direction) => {
    const next = stepMatch(matches, selectedPos, dir);
    if (next !== null) goTo(next);
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

  return {
    input,
    query,
    setQuery,
    matches,
    /** Index of the selected row among the matches, -1 when it is not one. */
    current: matches.indexOf(selectedPos),
    /** The typed term has been searched: the count is about what the field shows. */
    settled: term !== '' && findTerm === term,
    step,
    onEnter,
  };
}
