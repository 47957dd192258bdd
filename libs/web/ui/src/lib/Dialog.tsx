import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called on Escape, a click on the backdrop or the close button. */
  onClose: () => void;
  /** The dialog's heading, which also names it. */
  title: ReactNode;
  children?: ReactNode;
  /** Label of the close button. */
  closeLabel?: string;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Locks page scroll while at least one dialog is open. */
let scrollLocks = 0;
function lockScroll(): () => void {
  scrollLocks += 1;
  document.body.style.overflow = 'hidden';
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) document.body.style.overflow = '';
  };
}

/**
 * A modal dialog: focus moves into it and is trapped there, Escape / backdrop / close button close it,
 * page scroll is locked while open and focus returns to the opener afterwards.
 */
export function Dialog({ open, onClose, title, children, closeLabel = 'Close', className }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (
        event.shiftKey &&
        (document.activeElement === firstItem || !panel.contains(document.activeElement))
      ) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      unlock();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div
      className="pw-dialog__backdrop"
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={['pw-dialog', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="pw-dialog__header">
          <h2 id={titleId} className="pw-dialog__title">
            {title}
          </h2>
          <button type="button" className="pw-dialog__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="pw-dialog__body">{children}</div>
      </div>
    </div>
  );
}
