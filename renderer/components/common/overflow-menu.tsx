// "More": the actions that do not fit in a toolbar row, as a menu under its button (the same ARIA
// menu as the file list's context menu: arrows move, Enter runs, Escape closes).
import { useRef, useState } from 'react';
import { Ellipsis } from 'lucide-react';
import { ContextMenu, type MenuEntry } from '../browser/context-menu.js';

export function OverflowMenu({ entries, label = 'More', testId }: { readonly entries: readonly MenuEntry[]; readonly label?: string; readonly testId: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | undefined>();
  if (entries.length === 0) return null;
  const open = (): void => {
    const r = button.current?.getBoundingClientRect();
    // Right-aligned under the button, kept inside the window.
    const x = Math.max(4, Math.min((r?.right ?? 0) - 200, window.innerWidth - 210));
    setAt({ x, y: (r?.bottom ?? 0) + 2 });
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={!!at}
        data-testid={testId}
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
        <Ellipsis size={16} aria-hidden="true" /> {label}
      </button>
      {at ? <ContextMenu x={at.x} y={at.y} entries={entries} label={label} onClose={() => setAt(undefined)} /> : null}
    </>
  );
}
