import { useCallback, useEffect, useRef, useState } from 'react';
import './Toasts.css';

/** How long a toast stays before it leaves on its own. */
export const TOAST_DURATION_MS = 6000;

export interface ToastInput {
  tone: 'success' | 'error';
  title: string;
  detail?: string;
}

export interface Toast extends ToastInput {
  id: number;
}

/** The toasts on screen, and stable functions to add and dismiss them. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const notify = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { ...toast, id }]);
  }, []);
  return { toasts, notify, dismiss };
}

/**
 * Where toasts appear: a polite live region that is always present, so additions are announced; errors
 * are alerts. Each toast leaves after TOAST_DURATION_MS or when dismissed.
 */
export function ToastRegion({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <section className="toasts" aria-label="Notifications">
      <div aria-live="polite" className="toasts__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : undefined}
      data-testid="toast"
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.tone === 'error' ? '⚠️' : '✅'}
      </span>
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.detail && toast.detail !== toast.title ? (
          <p className="toast__detail">{toast.detail}</p>
        ) : null}
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
