// A modal dialog: labelled, focus moved in on open and returned to where it was on close, Tab kept
// inside, Escape closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Buttons row; the safe action should come first in reading order and take the initial focus. */
  readonly actions?: ReactNode;
  readonly testId?: string;
  readonly role?: 'dialog' | 'alertdialog';
  /** Room for lists and forms (the issue-7 dialogs). */
  readonly wide?: boolean;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, onClose, children, actions, testId, role = 'dialog', wide = false }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = ref.current;
    const preferred = box?.querySelector<HTMLElement>('[data-autofocus]') ?? box?.querySelector<HTMLElement>(FOCUSABLE);
    (preferred ?? box)?.focus();
    return () => {
      // Focus returns to what opened the dialog, if it is still there.
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  useEffect(() => {
    // When the focused control disappears (a picked option re-renders away) focus falls to <body>
    // and the dialog's own key handler no longer hears Escape: the topmost dialog takes it here.
    const onDocumentKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('.dialog')) return;
      const dialogs = document.querySelectorAll('.dialog');
      if (dialogs[dialogs.length - 1] !== ref.current) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    // A dialog opened from inside another handles its own Tab; the outer one must not act again.
    event.stopPropagation();
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className={wide ? 'dialog dialog-wide' : 'dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-body">{children}</div>
        {actions ? <div className="dialog-actions">{actions}</div> : null}
      </div>
    </div>
  );
}

/** The lone action of a dialog that only shows or edits in place: close it. */
export function CloseAction({
  onClose,
  autoFocus = false,
}: {
  readonly onClose: () => void;
  readonly autoFocus?: boolean;
}) {
  return (
    <button type="button" data-autofocus={autoFocus || undefined} onClick={onClose}>
      Close
    </button>
  );
}
