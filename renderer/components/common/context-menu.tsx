// A context menu (ARIA menu) at the pointer: arrow keys move, Enter activates, Escape closes and
// gives focus back.
import { useEffect, useRef, type KeyboardEvent } from 'react';

export interface MenuEntry {
  readonly id: string;
  readonly label: string;
  readonly onSelect: () => void;
  readonly disabled?: boolean;
  readonly danger?: boolean;
}

interface ContextMenuProps {
  readonly x: number;
  readonly y: number;
  readonly entries: readonly MenuEntry[];
  readonly onClose: () => void;
  /** The menu's accessible name (a toolbar's "More" menu names itself). */
  readonly label?: string;
}

export function ContextMenu({ x, y, entries, onClose, label = 'Actions' }: ContextMenuProps) {
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const away = (e: MouseEvent): void => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    document.addEventListener('mousedown', away);
    return () => {
      document.removeEventListener('mousedown', away);
      if (previous?.isConnected) previous.focus();
    };
  }, [onClose]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>): void {
    const items = [
      ...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    }
  }

  return (
    <ul
      ref={ref}
      className="context-menu"
      role="menu"
      aria-label={label}
      style={{ left: x, top: y }}
      onKeyDown={onKeyDown}
      data-testid="context-menu"
    >
      {entries.map((entry) => (
        <li
          key={entry.id}
          role="menuitem"
          tabIndex={-1}
          aria-disabled={entry.disabled || undefined}
          className={entry.danger ? 'danger' : undefined}
          data-testid={`menu-${entry.id}`}
          onClick={() => {
            if (entry.disabled) return;
            onClose();
            entry.onSelect();
          }}
          onKeyDown={(e) => {
            if ((e.key === 'Enter' || e.key === ' ') && !entry.disabled) {
              e.preventDefault();
              onClose();
              entry.onSelect();
            }
          }}
        >
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
