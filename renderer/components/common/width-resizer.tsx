// A width handle: drag it, or focus it and press ←/→ (Shift: five steps). The file list's column
// handles sit on a column's left edge (dragging left widens it); the folder tree's on its right.
import { useRef } from 'react';

export const RESIZE_KEY_STEP = 10;

export interface WidthResizerProps {
  readonly label: string;
  readonly width: number;
  readonly min: number;
  readonly max: number;
  /** Which edge of what it sizes the handle sits on. */
  readonly edge: 'left' | 'right';
  readonly className: string;
  readonly testId: string;
  /** Pixels wider (negative: narrower). */
  readonly onResize: (delta: number) => void;
}

export function WidthResizer({ label, width, min, max, edge, className, testId, onResize }: WidthResizerProps) {
  const start = useRef<{ x: number } | undefined>(undefined);
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      className={className}
      data-testid={testId}
      onPointerDown={(e) => {
        e.preventDefault();
        e.stopPropagation();
        e.currentTarget.setPointerCapture?.(e.pointerId);
        start.current = { x: e.clientX };
      }}
      onPointerMove={(e) => {
        if (!start.current) return;
        const moved = e.clientX - start.current.x;
        if (moved === 0) return;
        start.current = { x: e.clientX };
        onResize(edge === 'right' ? moved : -moved);
      }}
      onPointerUp={() => (start.current = undefined)}
      onPointerCancel={() => (start.current = undefined)}
      onKeyDown={(e) => {
        const step = e.shiftKey ? RESIZE_KEY_STEP * 5 : RESIZE_KEY_STEP;
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          e.stopPropagation();
          onResize(e.key === 'ArrowRight' ? step : -step);
        }
      }}
      onClick={(e) => e.stopPropagation()}
    />
  );
}
