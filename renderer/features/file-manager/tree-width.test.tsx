// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WidthHandle, widthHandle } from '../../test-support/width-handle.js';
import { buildTree, type FileTree } from '../../lib/file-tree.js';
import { item } from '../../test-support/fixtures.js';
import {
  defaultTreeWidth,
  fitLimit,
  fittedTreeWidth,
  TREE_MAX_WIDTH,
  TREE_MIN_WIDTH,
  useTreeWidth,
} from './use-tree-width.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const LABEL = 'Width of the folder tree';

function TreeHandle({ width, onResize }: { readonly width: number; readonly onResize: (delta: number) => void }) {
  return <WidthHandle label={LABEL} width={width} min={TREE_MIN_WIDTH} max={TREE_MAX_WIDTH} onResize={onResize} />;
}

function Harness() {
  const [width, sized, resize] = useTreeWidth();
  return (
    <div data-testid="pane" data-sized={String(sized)}>
      <TreeHandle width={width} onResize={resize} />
    </div>
  );
}

const handle = () => widthHandle(LABEL);

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

describe('folder tree fitted to its names', () => {
  const tree = (paths: string[]): FileTree => buildTree(paths.map((p) => item(`${p}/file.pdf`)));
  const measure = (text: string) => text.length * 7;

  it('widens to the longest folder name with its indent, not to the study title, as far as the list can spare', () => {
    const narrow = tree(['Site documents/Riverside Medical Center', 'Protocol']);
    const riverside = 28 + 28 + 24 * 7; // depth 2: indent, twisty, padding, border, slack; 24 characters × 7 px
    expect(fittedTreeWidth(narrow, 1280, false, measure)).toBe(riverside);
    // Beside the details pane at 1280, or at 1024, the list keeps its columns: the tree widens less.
    expect(fittedTreeWidth(narrow, 1280, true, measure)).toBe(Math.max(defaultTreeWidth(1280), fitLimit(1280, true)));
    expect(fitLimit(1280, true)).toBeLessThan(riverside);
    expect(fittedTreeWidth(narrow, 1024, false, measure)).toBeLessThan(riverside);
    expect(fittedTreeWidth(tree(['A']), 1280, false, measure)).toBe(defaultTreeWidth(1280));
    expect(fittedTreeWidth(tree(['a'.repeat(80)]), 1920, false, measure)).toBe(260);
  });

  it("shows the fitted width until the user sizes the tree, and the user's width after", () => {
    function Fitted() {
      const [width, , resize] = useTreeWidth(tree(['Site documents/Riverside Medical Center']));
      return <TreeHandle width={width} onResize={resize} />;
    }
    render(<Fitted />);
    const fitted = fittedTreeWidth(tree(['Site documents/Riverside Medical Center']), window.innerWidth, false);
    expect(fitted).toBeGreaterThan(defaultTreeWidth(window.innerWidth));
    expect(handle().getAttribute('aria-valuenow')).toBe(String(fitted));
    fireEvent.keyDown(handle(), { key: 'ArrowLeft' });
    expect(handle().getAttribute('aria-valuenow')).toBe(String(fitted - 10));
    expect(localStorage.getItem('study-exchange.tree-width')).toBe(String(fitted - 10));
  });
});
