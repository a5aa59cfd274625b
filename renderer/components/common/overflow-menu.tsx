// "More": the actions that do not fit in a toolbar row, as a menu under its button (the same ARIA
// menu as the file list's context menu: arrows move, Enter runs, Escape closes).
import { useRef, useState, type ReactNode } from 'react';
import { Ellipsis } from 'lucide-react';
import { ContextMenu, type MenuEntry } from './context-menu.js';

interface OverflowMenuProps {
  readonly entries: readonly MenuEntry[];
  /** The menu's accessible name. */
  readonly label?: string;
  /** What the button shows after its icon (default: the label); empty for the icon alone. */
  readonly text?: ReactNode;
  /** The button's own accessible name and tooltip when it shows no text. */
  readonly buttonLabel?: string;
  /** Where the menu opens: under the button's end (toolbars) or its start (breadcrumbs). */
  readonly align?: 'start' | 'end';
  readonly testId: string;
}

const MENU_WIDTH = 200;

export function OverflowMenu({
  entries,
  label = 'More',
  text = label,
  buttonLabel,
  align = 'end',
  testId,
}: OverflowMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | undefined>();
  if (entries.length === 0) return null;
  const open = (): void => {
    const r = button.current?.getBoundingClientRect();
    // Aligned under the button, kept inside the window.
    const wanted = align === 'end' ? (r?.right ?? 0) - MENU_WIDTH : (r?.left ?? 0);
    const x = Math.max(4, Math.min(wanted, window.innerWidth - MENU_WIDTH - 10));
    setAt({ x, y: (r?.bottom ?? 0) + 2 });
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={!!at}
        aria-label={buttonLabel}
        title={buttonLabel}
        data-testid={testId}
        data-fold-more=""
        className="overflow-button"
        // While open, a press on the button itself must not count as a click away (which would reopen it).
        onMouseDown={(e) => at && e.stopPropagation()}
        onClick={() => (at ? setAt(undefined) : open())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !at) {
            e.preventDefault();
            open();
          }
        }}
      >
        <Ellipsis size={16} aria-hidden="true" />
        {text ? <> {text}</> : null}
      </button>
      {at ? <ContextMenu x={at.x} y={at.y} entries={entries} label={label} onClose={() => setAt(undefined)} /> : null}
    </>
  );
}
