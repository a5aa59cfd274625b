// The file list: a grid with sortable columns, fixed-height rows windowed by hand (only the rows in
// view are in the DOM), keyboard navigation, multi-select, drop targets and drag-out.
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { formatBytes, formatDate } from '../../lib/format.js';
import type { Column, Row, SortSpec } from '../../lib/rows.js';
import { clickRow, moveFocus, selectAll, type Selection } from '../../lib/selection.js';
import { scrollToReveal, visibleRange } from '../../lib/virtual-window.js';

export const ROW_HEIGHT = 32;

const COLUMNS: readonly { column: Column; label: string }[] = [
  { column: 'name', label: 'Name' },
  { column: 'type', label: 'Type' },
  { column: 'size', label: 'Size' },
  { column: 'owner', label: 'Owner' },
  { column: 'updated', label: 'Updated' },
  { column: 'shared', label: 'Shared with' },
];

export interface FileListProps {
  readonly rows: readonly Row[];
  readonly sort: SortSpec;
  readonly onSort: (column: Column) => void;
  readonly selection: Selection;
  readonly onSelection: (selection: Selection) => void;
  readonly onOpen: (row: Row) => void;
  readonly onDelete: (rows: Row[]) => void;
  readonly onContextMenu: (rows: Row[], x: number, y: number) => void;
  readonly onVisibleRows?: (rows: Row[]) => void;
  /** Files dropped from the desktop; `folder` is a folder row's path, or undefined for the list itself. */
  readonly onDropFiles?: (folder: string | undefined, data: DataTransfer) => void;
  readonly onDragOut?: (row: Row, event: DragEvent) => void;
  readonly emptyText: string;
  readonly label: string;
  /** Used until the real height is measured (and in tests, where layout is not computed). */
  readonly initialViewportHeight?: number;
}

function hasFiles(event: DragEvent): boolean {
  return [...(event.dataTransfer?.types ?? [])].includes('Files');
}

export function FileList(props: FileListProps) {
  const { rows, sort, onSort, selection, onSelection, onOpen, onDelete, onContextMenu, onVisibleRows, onDropFiles, onDragOut } = props;
  const gridId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(props.initialViewportHeight ?? 600);
  const [dropTarget, setDropTarget] = useState<string | undefined>(undefined);
  const keys = useMemo(() => rows.map((r) => r.key), [rows]);
  const range = visibleRange(scrollTop, height, ROW_HEIGHT, rows.length);
  const page = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);

  useEffect(() => {
    const el = viewport.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (el.clientHeight > 0) setHeight(el.clientHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const visibleKey = `${range.start}:${range.end}:${rows.length}`;
  useEffect(() => {
    onVisibleRows?.(rows.slice(range.start, range.end));
    // Only when the window or the rows change, not on every render (the callback may be new each time).
  }, [visibleKey, rows]);

  // Keep the focused row in view when the keyboard moves it.
  useEffect(() => {
    const el = viewport.current;
    if (!el || selection.focus === undefined) return;
    const index = keys.indexOf(selection.focus);
    if (index < 0) return;
    const top = scrollToReveal(index, el.scrollTop, height, ROW_HEIGHT);
    if (top !== undefined) {
      el.scrollTop = top;
      setScrollTop(top);
    }
  }, [selection.focus, keys, height]);

  const selectedRows = (): Row[] => rows.filter((r) => selection.selected.has(r.key));
  const focusedRow = rows.find((r) => r.key === selection.focus);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const mods = { shift: event.shiftKey };
    const ctrl = event.ctrlKey || event.metaKey;
    let next: Selection | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = moveFocus(selection, keys, 1, mods);
        break;
      case 'ArrowUp':
        next = moveFocus(selection, keys, -1, mods);
        break;
      case 'PageDown':
        next = moveFocus(selection, keys, page, mods);
        break;
      case 'PageUp':
        next = moveFocus(selection, keys, -page, mods);
        break;
      case 'Home':
        next = moveFocus(selection, keys, -keys.length, mods);
        break;
      case 'End':
        next = moveFocus(selection, keys, keys.length, mods);
        break;
      case 'Enter':
        if (focusedRow) onOpen(focusedRow);
        break;
      case 'Delete':
      case 'Backspace':
        if (event.key === 'Backspace' && !event.metaKey) return;
        if (selection.selected.size > 0) onDelete(selectedRows());
        break;
      case ' ':
        if (selection.focus !== undefined) next = clickRow(selection, keys, selection.focus, { toggle: ctrl });
        break;
      case 'ContextMenu':
      case 'F10':
        if (event.key === 'F10' && !event.shiftKey) return;
        if (selection.selected.size > 0) {
          const rect = viewport.current?.getBoundingClientRect();
          onContextMenu(selectedRows(), (rect?.left ?? 0) + 40, (rect?.top ?? 0) + 40);
        }
        break;
      default:
        if (ctrl && event.key.toLowerCase() === 'a') {
          next = selectAll(selection, keys);
          break;
        }
        return;
    }
    event.preventDefault();
    if (next) onSelection(next);
  }

  function dragOver(event: DragEvent, target: string): void {
    if (!onDropFiles || !hasFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'copy';
    if (dropTarget !== target) setDropTarget(target);
  }

  function drop(event: DragEvent, folder: string | undefined): void {
    if (!onDropFiles || !hasFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    setDropTarget(undefined);
    onDropFiles(folder, event.dataTransfer);
  }

  const rowId = (key: string): string => `${gridId}-row-${keys.indexOf(key)}`;

  return (
    <div
      className={`file-list ${dropTarget === '' ? 'drop-active' : ''}`}
      role="grid"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      aria-multiselectable="true"
      aria-activedescendant={selection.focus !== undefined && keys.includes(selection.focus) ? rowId(selection.focus) : undefined}
      tabIndex={0}
      data-testid="file-list"
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        if (e.target === e.currentTarget && selection.focus === undefined && keys.length > 0) onSelection(moveFocus(selection, keys, 1));
      }}
      onDragOver={(e) => dragOver(e, '')}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropTarget(undefined);
      }}
      onDrop={(e) => drop(e, undefined)}
    >
      <div className="file-row header" role="row" aria-rowindex={1}>
        {COLUMNS.map(({ column, label }) => (
          <div
            key={column}
            role="columnheader"
            className={`cell col-${column}`}
            aria-sort={sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
          >
            <button type="button" tabIndex={-1} data-testid={`sort-${column}`} onClick={() => onSort(column)}>
              {label}
              {sort.column === column ? <span aria-hidden="true">{sort.direction === 'asc' ? ' ▲' : ' ▼'}</span> : null}
            </button>
          </div>
        ))}
      </div>
      <div className="file-viewport" ref={viewport} role="rowgroup" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        {rows.length === 0 ? (
          <p className="empty-state" data-testid="file-list-empty">
            {props.emptyText}
          </p>
        ) : null}
        <div style={{ height: range.totalHeight, position: 'relative' }}>
          <div style={{ transform: `translateY(${range.offsetTop}px)` }}>
            {rows.slice(range.start, range.end).map((row, i) => {
              const index = range.start + i;
              const selected = selection.selected.has(row.key);
              const isFolder = row.entry.kind === 'folder';
              return (
                <div
                  key={row.key}
                  id={rowId(row.key)}
                  role="row"
                  aria-rowindex={index + 2}
                  aria-selected={selected}
                  className={`file-row ${selected ? 'selected' : ''} ${row.key === selection.focus ? 'focused' : ''} ${isFolder && dropTarget === row.entry.path ? 'drop-active' : ''}`}
                  style={{ height: ROW_HEIGHT }}
                  data-testid="file-row"
                  data-kind={row.entry.kind}
                  data-path={row.entry.path}
                  draggable={!isFolder && !!onDragOut}
                  onDragStart={(e) => onDragOut?.(row, e)}
                  onClick={(e) => onSelection(clickRow(selection, keys, row.key, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey }))}
                  onDoubleClick={() => onOpen(row)}
                  onContextMenu={(e) => {
                    e.preventDefault();
                    const next = selected ? selection : clickRow(selection, keys, row.key);
                    if (!selected) onSelection(next);
                    onContextMenu(rows.filter((r) => next.selected.has(r.key)), e.clientX, e.clientY);
                  }}
                  onDragOver={isFolder ? (e) => dragOver(e, row.entry.path) : undefined}
                  onDrop={isFolder ? (e) => drop(e, row.entry.path) : undefined}
                >
                  <div role="gridcell" className="cell col-name">
                    <span className={`icon ${isFolder ? 'icon-folder' : 'icon-file'}`} aria-hidden="true" />
                    <span className="name-text">{row.label}</span>
                  </div>
                  <div role="gridcell" className="cell col-type">
                    {row.type}
                  </div>
                  <div role="gridcell" className="cell col-size">
                    {isFolder ? (row.entry.kind === 'folder' ? `${row.entry.childCount} entries` : '') : formatBytes(row.size)}
                  </div>
                  <div role="gridcell" className="cell col-owner">
                    {row.owner}
                  </div>
                  <div role="gridcell" className="cell col-updated">
                    {isFolder ? '' : formatDate(row.updated)}
                  </div>
                  <div role="gridcell" className="cell col-shared">
                    {isFolder ? '' : row.sharedWith === undefined ? '—' : String(row.sharedWith)}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
