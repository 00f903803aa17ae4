/**
 * A modal dialog as every one in the app is: over a backdrop, named by its title (and described
 * by its description when it has one), Escape cancels, focus lands on the control the dialog
 * names when it opens, Tab and Shift+Tab stay inside it (focus-trap), and focus goes back where
 * it was when it closes. What differs stays with each dialog: what Escape does, and other keys.
 */
import { createFocusTrap } from 'focus-trap';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useEffect, useId, useRef } from 'react';

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
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const trap = createFocusTrap(element, {
      initialFocus: () => initialFocus?.current ?? element,
      fallbackFocus: element,
      // Escape is the dialog's own (onEscape), not the trap's; nothing outside is clickable anyway.
      escapeDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: true,
    });
    trap.activate();
    return () => void trap.deactivate();
  }, [initialFocus]);
  return (
    <div className="backdrop">
      <div
        ref={dialog}
        tabIndex={-1}
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
