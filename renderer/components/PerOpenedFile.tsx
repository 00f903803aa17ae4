/**
 * What is typed into a form belongs to the file it was typed for: a new file (a new opening,
 * even of the same path) mounts the form afresh, so no draft of the last file's values survives.
 */
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { useApp } from '../store/index.js';

export function PerOpenedFile({ children }: { children: ReactNode }) {
  const openedAt = useApp((s) => s.snapshot?.openedAt ?? '');
  return <Fragment key={openedAt}>{children}</Fragment>;
}
