/**
 * A modal dialog as every one in the app is: over a backdrop, named by its title (and described
 * by its description when it has one), Escape cancels, and focus lands on the control the dialog
 * names when it opens. What differs stays with each dialog: what Escape does, and any other key
 * (the confirmation keeps Tab between its two buttons and gives focus back when it closes).
 */
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useEffect, useId } from 'react';

export function Modal({
  title,
  description,
  className,
  onEscape,
  onKeyDown,
  initialFocus,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Beside `dialog`: the dialog's own layout. */
  className?: string;
  onEscape(): void;
  /** Keys other than Escape. */
  onKeyDown?(e: KeyboardEvent): void;
  /** Focused once, when the dialog opens. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const id = useId();
  useEffect(() => initialFocus?.current?.focus(), [initialFocus]);
  return (
    <div className="backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description === undefined ? undefined : `${id}-body`}
        className={className ? `dialog ${className}` : 'dialog'}
        onKeyDown={(e) => (e.key === 'Escape' ? onEscape() : onKeyDown?.(e))}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        {description !== undefined && <p id={`${id}-body`}>{description}</p>}
        {children}
      </div>
    </div>
  );
}
