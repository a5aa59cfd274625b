// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTree, folderEntries } from '../../lib/file-tree.js';
import { filterRows, sortRows, toRow, type Row, type SortSpec } from '../../lib/rows.js';
import { EMPTY_SELECTION, type Selection } from '../../lib/selection.js';
import { doc, item } from '../../test-support/fixtures.js';
import { FileList } from './file-list.js';

afterEach(cleanup);

function rowsFor(ids: string[], folder = ''): Row[] {
  const tree = buildTree(ids.map((id) => item(id)));
  return sortRows(
    folderEntries(tree, folder).map((e) => toRow(e, { names: new Map() })),
    { column: 'name', direction: 'asc' },
  );
}

function Harness(props: {
  rows: Row[];
  onOpen?: (r: Row) => void;
  onDelete?: (r: Row[]) => void;
  onSort?: () => void;
  sort?: SortSpec;
  onVisibleRows?: (r: Row[]) => void;
}) {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  return (
    <FileList
      rows={props.rows}
      sort={props.sort ?? { column: 'name', direction: 'asc' }}
      onSort={props.onSort ?? (() => {})}
      selection={selection}
      onSelection={setSelection}
      onOpen={props.onOpen ?? (() => {})}
      onDelete={props.onDelete ?? (() => {})}
      onContextMenu={() => {}}
      onVisibleRows={props.onVisibleRows}
      label="Files"
      emptyText="This folder is empty."
      initialViewportHeight={320}
    />
  );
}

const dataRows = () => screen.queryAllByTestId('file-row');

describe('FileList', () => {
  it('shows one row for both id forms and a path that is both item and folder as two rows', () => {
    render(<Harness rows={rowsFor(['documents|abc', 'documents/abc', 'study', 'study|site|consent'])} />);
    const rows = dataRows().map((r) => `${r.dataset.kind}:${r.dataset.path}`);
    expect(rows).toEqual(['folder:documents', 'folder:study', 'item:study']);
    fireEvent.click(screen.getAllByTestId('file-row')[0]!);
    expect(dataRows()[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('renders only a window of 5,000 rows and follows scrolling', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `bulk|item-${String(i).padStart(4, '0')}`);
    const visible = vi.fn();
    render(<Harness rows={rowsFor(ids, 'bulk')} onVisibleRows={visible} />);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('5001');
    expect(dataRows().length).toBeLessThan(40);
    expect(dataRows()[0]?.dataset.path).toBe('bulk/item-0000');
    expect(visible).toHaveBeenLastCalledWith(
      expect.arrayContaining([expect.objectContaining({ key: 'item:bulk/item-0000' })]),
    );
    const viewport = screen.getByRole('grid');
    viewport.scrollTop = 32 * 2500;
    fireEvent.scroll(viewport);
    const paths = dataRows().map((r) => r.dataset.path);
    expect(paths).toContain('bulk/item-2500');
    expect(paths).not.toContain('bulk/item-0000');
    expect(dataRows().length).toBeLessThan(40);
  });

  it('moves the selection with arrows, opens with Enter, selects all and deletes with the keyboard', () => {
    const onOpen = vi.fn();
    const onDelete = vi.fn();
    render(<Harness rows={rowsFor(['a', 'b', 'c', 'd'])} onOpen={onOpen} onDelete={onDelete} />);
    const grid = screen.getByRole('grid');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    const selected = () =>
      dataRows()
        .filter((r) => r.getAttribute('aria-selected') === 'true')
        .map((r) => r.dataset.path);
    expect(selected()).toEqual(['b']);
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    expect(selected()).toEqual(['b', 'c']);
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ key: 'item:c' }));
    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(selected()).toEqual(['a', 'b', 'c', 'd']);
    fireEvent.keyDown(grid, { key: 'Delete' });
    expect(onDelete.mock.calls[0]?.[0].map((r: Row) => r.key)).toEqual(['item:a', 'item:b', 'item:c', 'item:d']);
    fireEvent.keyDown(grid, { key: 'Home' });
    expect(selected()).toEqual(['a']);
    expect(grid.getAttribute('aria-activedescendant')).toBe(dataRows()[0]?.id);
  });

  it('multi-selects with Ctrl/Cmd-click and Shift-click', () => {
    render(<Harness rows={rowsFor(['a', 'b', 'c', 'd'])} />);
    fireEvent.click(dataRows()[0]!);
    fireEvent.click(dataRows()[2]!, { metaKey: true });
    const selected = () =>
      dataRows()
        .filter((r) => r.getAttribute('aria-selected') === 'true')
        .map((r) => r.dataset.path);
    expect(selected()).toEqual(['a', 'c']);
    fireEvent.click(dataRows()[3]!, { shiftKey: true });
    expect(selected()).toEqual(['c', 'd']);
  });

  it('sorts by a column header and marks it for assistive technology', () => {
    const onSort = vi.fn();
    render(<Harness rows={rowsFor(['a'])} onSort={onSort} sort={{ column: 'size', direction: 'desc' }} />);
    fireEvent.click(screen.getByTestId('sort-updated'));
    expect(onSort).toHaveBeenCalledWith('updated');
    const sizeHeader = screen.getAllByRole('columnheader').find((h) => h.textContent?.startsWith('Size'));
    expect(sizeHeader?.getAttribute('aria-sort')).toBe('descending');
  });

  it('shows the type in words with an icon, sizes right-aligned, the full name as a tooltip', () => {
    const long = 'Informed consent form — site 12, version 3 (signed).pdf';
    const tree = buildTree([
      item('x|1', { header: doc(long, 2048) }),
      item('x|f|2', {
        header: doc('log.xlsx', 1, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      }),
    ]);
    render(
      <Harness
        rows={sortRows(
          folderEntries(tree, 'x').map((e) => toRow(e, { names: new Map() })),
          { column: 'name', direction: 'asc' },
        )}
      />,
    );
    const [folderRow, docRow] = dataRows();
    expect(within(folderRow!).getByTestId('type-cell').textContent).toBe('Folder');
    expect(folderRow!.querySelector('svg')?.dataset.kind).toBe('folder');
    expect(within(docRow!).getByTestId('type-cell').textContent).toBe('PDF document');
    expect(docRow!.querySelector('svg')?.dataset.kind).toBe('pdf');
    expect(within(docRow!).getAllByRole('gridcell')[0]?.getAttribute('title')).toBe(long);
    expect(within(docRow!).getAllByRole('gridcell')[2]?.className).toContain('col-size');
  });

  it('resizes a column with the keyboard and by dragging, and keeps the widths', () => {
    localStorage.clear();
    const { unmount } = render(<Harness rows={rowsFor(['a'])} />);
    const handle = screen.getByRole('separator', { name: 'Width of the Type column' });
    expect(handle.getAttribute('aria-valuenow')).toBe('136');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    expect(handle.getAttribute('aria-valuenow')).toBe('196');
    const frame = screen.getByTestId('file-drop-zone');
    expect(frame.style.getPropertyValue('--file-columns')).toBe('minmax(0, 1fr) 196px 88px 110px 112px 72px');
    const updated = screen.getByRole('separator', { name: 'Width of the Updated column' });
    fireEvent.pointerDown(updated, { clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(updated, { clientX: 460, pointerId: 1 });
    fireEvent.pointerUp(updated, { pointerId: 1 });
    expect(updated.getAttribute('aria-valuenow')).toBe('152');
    unmount();
    render(<Harness rows={rowsFor(['a'])} />);
    expect(screen.getByRole('separator', { name: 'Width of the Type column' }).getAttribute('aria-valuenow')).toBe(
      '196',
    );
    localStorage.clear();
  });

  it('lets Shared and Owner give way in a narrow list (no column is clipped), and brings them back when it widens', () => {
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          observers.push(callback);
        }
        observe(): void {}
        disconnect(): void {}
      },
    );
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(680);
    try {
      render(<Harness rows={rowsFor(['a|report.pdf'], 'a')} />);
      act(() => observers.forEach((o) => o()));
      const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers()).toEqual(['Name ▲', 'Type', 'Size', 'Updated']);
      expect(screen.getByTestId('file-drop-zone').style.getPropertyValue('--file-columns')).toBe(
        'minmax(0, 1fr) 136px 88px 112px',
      );
      expect(
        within(dataRows()[0]!)
          .getAllByRole('gridcell')
          .map((c) => c.className.split(' ')[1]),
      ).toEqual(['col-name', 'col-type', 'col-size', 'col-updated']);
      width.mockReturnValue(1200);
      act(() => observers.forEach((o) => o()));
      expect(headers()).toEqual(['Name ▲', 'Type', 'Size', 'Owner', 'Updated', 'Shared']);
    } finally {
      width.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('filters as rows are passed and shows the empty text', () => {
    const tree = buildTree([
      item('x|1', { header: doc('Protocol.pdf', 10) }),
      item('x|2', { header: doc('Consent.pdf', 20) }),
    ]);
    const rows = folderEntries(tree, 'x').map((e) => toRow(e, { names: new Map() }));
    const { rerender } = render(<Harness rows={filterRows(rows, 'proto')} />);
    expect(dataRows().map((r) => within(r).getAllByRole('gridcell')[0]?.textContent)).toEqual(['Protocol.pdf']);
    rerender(<Harness rows={filterRows(rows, 'zzz')} />);
    expect(screen.getByTestId('file-list-empty').textContent).toBe('This folder is empty.');
  });

  it("shows folder names and unreadable items' path names cleaned and cut", () => {
    render(
      <Harness
        rows={rowsFor([`Site documents|\u202Efdp.exe|x`, `Site documents|\u202E${'n'.repeat(5000)}`], 'Site documents')}
      />,
    );
    const grid = screen.getByRole('grid');
    const names = [...grid.querySelectorAll('.col-name')].filter((c) => c.getAttribute('role') === 'gridcell');
    expect(names).toHaveLength(2);
    for (const cell of names) {
      expect(cell.textContent).not.toContain('\u202E');
      expect(cell.textContent!.length).toBeLessThanOrEqual(200);
      expect(cell.getAttribute('title')).not.toContain('\u202E');
    }
  });
});
