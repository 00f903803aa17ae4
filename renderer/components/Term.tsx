/**
 * A term of the decision view (a reason code, an action, an evidence kind) in plain words, with
 * its one-line explanation and its code from core/inspect/glossary.ts: focusable, described by a
 * tooltip that shows on hover and on keyboard focus (aria-describedby), so a mouse and a
 * keyboard read the same line. The code is what the audit record and the command line name.
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import { explain, labelOf } from '../../core/inspect/glossary.js';

export function Term({ term, className, children }: { term: string; className?: string; children?: ReactNode }) {
  const id = useId();
  const text = explain(term);
  const label = labelOf(term);
  if (text === null) return <span className={className}>{children ?? term}</span>;
  return (
    <span className={`term${className ? ` ${className}` : ''}`} tabIndex={0} aria-describedby={id}>
      {children ?? label}
      <span role="tooltip" id={id} className="tooltip">
        {label !== term && <code className="term-code">{term}</code>} {text}
      </span>
    </span>
  );
}
