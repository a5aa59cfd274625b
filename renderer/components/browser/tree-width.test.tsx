// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WidthResizer } from '../common/width-resizer.js';
import { defaultTreeWidth, TREE_MAX_WIDTH, TREE_MIN_WIDTH, useTreeWidth } from './use-tree-width.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Harness() {
  const [width, sized, resize] = useTreeWidth();
  return (
    <div data-testid="pane" data-sized={String(sized)}>
      <WidthResizer label="Width of the folder tree" width={width} min={TREE_MIN_WIDTH} max={TREE_MAX_WIDTH} edge="right" className="pane-resizer" testId="resize-tree" onResize={resize} />
    </div>
  );
}

const handle = () => screen.getByRole('separator', { name: 'Width of the folder tree' });

describe('folder tree width', () => {
  it("starts at the layout's width, then follows the keyboard and a drag to the right, within its bounds, and is kept", () => {
    const { unmount } = render(<Harness />);
    const start = defaultTreeWidth(window.innerWidth);
    expect(handle().getAttribute('aria-valuenow')).toBe(String(start));
    expect(screen.getByTestId('pane').dataset.sized).toBe('false');
    fireEvent.keyDown(handle(), { key: 'ArrowRight' });
    fireEvent.keyDown(handle(), { key: 'ArrowRight', shiftKey: true });
    expect(handle().getAttribute('aria-valuenow')).toBe(String(start + 60));
    fireEvent.pointerDown(handle(), { clientX: 200, pointerId: 1 });
    fireEvent.pointerMove(handle(), { clientX: 240, pointerId: 1 });
    fireEvent.pointerUp(handle(), { pointerId: 1 });
    expect(handle().getAttribute('aria-valuenow')).toBe(String(start + 100));
    unmount();
    render(<Harness />);
    expect(handle().getAttribute('aria-valuenow')).toBe(String(start + 100));
    expect(screen.getByTestId('pane').dataset.sized).toBe('true');
    for (let i = 0; i < 40; i++) fireEvent.keyDown(handle(), { key: 'ArrowLeft', shiftKey: true });
    expect(handle().getAttribute('aria-valuenow')).toBe(String(TREE_MIN_WIDTH));
  });

  it('ignores a kept width that is not a number', () => {
    localStorage.setItem('study-exchange.tree-width', 'wide');
    render(<Harness />);
    expect(handle().getAttribute('aria-valuenow')).toBe(String(defaultTreeWidth(window.innerWidth)));
  });
});
