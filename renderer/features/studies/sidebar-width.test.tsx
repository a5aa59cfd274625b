// @vitest-environment happy-dom
// The studies column's width, through the saved-width hook it shares with the folder tree: its own
// key and bounds, and undefined (layout.css's width) until the user sizes it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WidthHandle, widthHandle } from '../../test-support/width-handle.js';
import { defaultSidebarWidth, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH, useSidebarWidth } from './use-sidebar-width.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const LABEL = 'Width of the studies list';

function Harness() {
  const [saved, width, resize] = useSidebarWidth();
  return (
    <div data-testid="column" data-saved={String(saved)}>
      <WidthHandle label={LABEL} width={width} min={SIDEBAR_MIN_WIDTH} max={SIDEBAR_MAX_WIDTH} onResize={resize} />
    </div>
  );
}

const handle = () => widthHandle(LABEL);

describe('studies column width', () => {
  it("is layout.css's until keyed, then the user's, kept under its own key within its bounds", () => {
    const { unmount } = render(<Harness />);
    const start = defaultSidebarWidth(window.innerWidth);
    expect(handle().getAttribute('aria-valuenow')).toBe(String(start));
    expect(screen.getByTestId('column').dataset.saved).toBe('undefined');
    fireEvent.keyDown(handle(), { key: 'ArrowRight', shiftKey: true });
    expect(handle().getAttribute('aria-valuenow')).toBe(String(start + 50));
    expect(localStorage.getItem('study-exchange.sidebar-width')).toBe(String(start + 50));
    expect(localStorage.getItem('study-exchange.tree-width')).toBeNull();
    unmount();
    render(<Harness />);
    expect(screen.getByTestId('column').dataset.saved).toBe(String(start + 50));
    for (let i = 0; i < 20; i++) fireEvent.keyDown(handle(), { key: 'ArrowRight', shiftKey: true });
    expect(handle().getAttribute('aria-valuenow')).toBe(String(SIDEBAR_MAX_WIDTH));
    for (let i = 0; i < 20; i++) fireEvent.keyDown(handle(), { key: 'ArrowLeft', shiftKey: true });
    expect(handle().getAttribute('aria-valuenow')).toBe(String(SIDEBAR_MIN_WIDTH));
  });

  it('reads a kept width within its bounds and ignores one that is not a number', () => {
    localStorage.setItem('study-exchange.sidebar-width', '9000');
    const { unmount } = render(<Harness />);
    expect(handle().getAttribute('aria-valuenow')).toBe(String(SIDEBAR_MAX_WIDTH));
    unmount();
    localStorage.setItem('study-exchange.sidebar-width', 'wide');
    render(<Harness />);
    expect(handle().getAttribute('aria-valuenow')).toBe(String(defaultSidebarWidth(window.innerWidth)));
    expect(screen.getByTestId('column').dataset.saved).toBe('undefined');
  });
});
