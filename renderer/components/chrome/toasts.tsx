// In-app notifications (the `notification` event): a batch of uploads or grants finished or failed.
// Each toast is a polite live region and goes away by itself; failures stay a little longer.
import { useEffect, useRef, useState } from 'react';
import type { EventPayloads } from '../../../shared/ipc/contract.js';

type Notice = EventPayloads['notification'] & { readonly id: number };

const TOAST_MS = { success: 6000, failure: 12000 } as const;

export function ToastList({
  toasts,
  onDismiss,
}: {
  readonly toasts: readonly Notice[];
  readonly onDismiss: (id: number) => void;
}) {
  return (
    // A labelled region (a plain div may not carry a label): toasts are a landmark of their own.
    <section className="toasts" aria-label="Messages">
      {toasts.map((t) => (
        <div key={t.id} role="status" aria-live="polite" className={`toast toast-${t.kind}`} data-testid="toast">
          <div>
            <strong>{t.title}</strong>
            <p>{t.body}</p>
          </div>
          <button type="button" className="link" aria-label={`Dismiss: ${t.title}`} onClick={() => onDismiss(t.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </section>
  );
}

/** Subscribe with `subscribe` (api.on('notification', …)); each toast is removed after its time. */
export function useToasts(subscribe: (listener: (n: EventPayloads['notification']) => void) => () => void) {
  const [toasts, setToasts] = useState<Notice[]>([]);
  const next = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dismiss = (id: number): void => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  };
  useEffect(() => {
    const off = subscribe((n) => {
      const id = next.current++;
      setToasts((list) => [...list.slice(-4), { ...n, id }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS[n.kind]),
      );
    });
    const pending = timers.current;
    return () => {
      off();
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    };
  }, [subscribe]);
  return { toasts, dismiss };
}
