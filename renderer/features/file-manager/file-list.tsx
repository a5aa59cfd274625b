// The file list: a grid with sortable columns, fixed-height rows windowed by hand (only the rows in
// view are in the DOM), keyboard navigation, multi-select, drop targets and drag-out. A New item's
// row has a "New" badge and its name in bold; a folder holding New items a mark.
import { shownText } from '../../../shared/shown-text.js';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Upload } from 'lucide-react';
import {
  MAX_WIDTH,
  MIN_WIDTH,
  fittedWidths,
  gridTemplate,
  loadWidths,
  resizeColumn,
  saveWidths,
  shownColumns,
  type ColumnWidths,
  type SizedColumn,
} from '../../lib/column-widths.js';
import { formatBytes, formatDate, formatDay } from '../../lib/format.js';
import type { Column, Row, SortSpec } from '../../lib/rows.js';
import { clickRow, moveFocus, selectAll, type Selection } from '../../lib/selection.js';
import { textWidth } from '../../lib/text-width.js';
import { scrollToReveal, visibleRange } from '../../lib/virtual-window.js';
import { KindIcon } from '../../components/common/kind-icon.js';
import { WidthResizer } from '../../components/common/width-resizer.js';
import { DROP_FOLDER_ATTRIBUTE } from '../../lib/use-window-drag.js';
import type { StudyUnseen } from '../whats-new/unseen.js';
import { ExpiresCell, type ExpiryContext } from '../binder/expires-cell.js';

const ROW_HEIGHT = 32;

const COLUMNS: readonly { column: Column; label: string }[] = [
  { column: 'name', label: 'Name' },
  { column: 'type', label: 'Type' },
  { column: 'expires', label: 'Expires' },
  { column: 'size', label: 'Size' },
  { column: 'owner', label: 'Owner' },
  { column: 'updated', label: 'Updated' },
  { column: 'shared', label: 'Shared' },
];

interface FileListProps {
  readonly rows: readonly Row[];
  readonly sort: SortSpec;
  readonly onSort: (column: Column) => void;
  readonly selection: Selection;
  readonly onSelection: (selection: Selection) => void;
  readonly onOpen: (row: Row) => void;
  readonly onDelete: (rows: Row[]) => void;
  /** F2 on the selection (the file manager's Rename…; it decides whether it applies). */
  readonly onRename?: (rows: Row[]) => void;
  readonly onContextMenu: (rows: Row[], x: number, y: number) => void;
  readonly onVisibleRows?: (rows: Row[]) => void;
  /** Files dropped from the desktop; `folder` is a folder row's path, or undefined for the list itself. */
  readonly onDropFiles?: (folder: string | undefined, data: DataTransfer) => void;
  readonly onDragOut?: (row: Row, event: DragEvent) => void;
  readonly emptyText: string;
  /** An empty study (not a filter with no match): the list becomes a panel inviting a drop. */
  readonly emptyStudy?: boolean;
  /** What a new, empty study offers beside its drop panel (Invite sites). */
  readonly emptyStudyActions?: ReactNode;
  readonly label: string;
  /** Where files dragged over the window would go: '' the list's own folder, a folder row's path, or none. */
  readonly dropTarget?: string;
  /** What is New in the study: the rows say so. */
  readonly unseen?: StudyUnseen;
  /** Today and the warning period, for the Expires column's words and colour. */
  readonly expiry?: ExpiryContext;
  /** Used until the real height is measured (and in tests, where layout is not computed). */
  readonly initialViewportHeight?: number;
}

function hasFiles(event: DragEvent): boolean {
  return [...(event.dataTransfer?.types ?? [])].includes('Files');
}

/** A column's width handle, on its left edge. */
function ColumnResizer({
  column,
  label,
  width,
  onResize,
}: {
  column: SizedColumn;
  label: string;
  width: number;
  onResize: (column: SizedColumn, delta: number) => void;
}) {
  return (
    <WidthResizer
      label={`Width of the ${label} column`}
      width={width}
      min={MIN_WIDTH}
      max={MAX_WIDTH}
      edge="left"
      className="column-resizer"
      testId={`resize-${column}`}
      onResize={(delta) => onResize(column, delta)}
    />
  );
}

/** Whether a row is New (an item) or holds New items (a folder). */
function isNew(row: Row, unseen: StudyUnseen | undefined): boolean {
  if (!unseen) return false;
  return row.entry.kind === 'folder' ? unseen.folders.has(row.entry.path) : unseen.paths.has(row.entry.path);
}

/** One cell of a row; a folder has no date and no sharing of its own. */
function Cell({ column, row, fresh, expiry }: { column: Column; row: Row; fresh: boolean; expiry?: ExpiryContext }) {
  const isFolder = row.entry.kind === 'folder';
  switch (column) {
    case 'name':
      return (
        <div role="gridcell" className="cell col-name" title={shownText(row.label)}>
          <KindIcon kind={row.kind} />
          {fresh && !isFolder ? <span className="visually-hidden">New: </span> : null}
          <span className="name-text">{shownText(row.label)}</span>
          {fresh ? (
            isFolder ? (
              <>
                <span className="new-dot" aria-hidden="true" />
                <span className="visually-hidden">(has new items)</span>
              </>
            ) : (
              <span className="badge new" aria-hidden="true" data-testid="row-new">
                New
              </span>
            )
          ) : null}
        </div>
      );
    case 'type':
      return (
        <div role="gridcell" className="cell col-type" data-testid="type-cell" title={row.type}>
          {row.type}
        </div>
      );
    case 'expires':
      return <ExpiresCell expires={row.expires} expiry={expiry} />;
    case 'size':
      return (
        <div role="gridcell" className="cell col-size">
          {row.entry.kind === 'folder'
            ? `${row.entry.childCount} ${row.entry.childCount === 1 ? 'entry' : 'entries'}`
            : formatBytes(row.size)}
        </div>
      );
    case 'owner':
      return (
        <div role="gridcell" className="cell col-owner" title={row.owner}>
          {row.owner}
        </div>
      );
    case 'updated':
      return (
        <div role="gridcell" className="cell col-updated" title={isFolder ? undefined : formatDate(row.updated)}>
          {isFolder ? '' : formatDay(row.updated)}
        </div>
      );
    case 'shared':
      return (
        <div role="gridcell" className="cell col-shared">
          {isFolder ? '' : row.sharedWith === undefined ? '—' : String(row.sharedWith)}
        </div>
      );
  }
}

export function FileList(props: FileListProps) {
  const {
    rows,
    sort,
    onSort,
    selection,
    onSelection,
    onOpen,
    onDelete,
    onRename,
    onContextMenu,
    onVisibleRows,
    onDropFiles,
    onDragOut,
    dropTarget,
  } = props;
  const gridId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(props.initialViewportHeight ?? 600);
  // The list's inner width decides which columns fit beside Name (0 until laid out: all of them).
  const [width, setWidth] = useState(0);
  const [widths, setWidths] = useState<ColumnWidths>(() => loadWidths());
  const keys = useMemo(() => rows.map((r) => r.key), [rows]);
  // The header row sticks to the top of the scrolling grid: rows see the height below it.
  const rowsHeight = Math.max(ROW_HEIGHT, height - ROW_HEIGHT);
  const range = visibleRange(scrollTop, rowsHeight, ROW_HEIGHT, rows.length);
  const page = Math.max(1, Math.floor(rowsHeight / ROW_HEIGHT) - 1);

  useEffect(() => {
    const el = viewport.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (el.clientHeight > 0) setHeight(el.clientHeight);
      setWidth(el.clientWidth);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Expires only in a folder where a document has an expiry date.
  const withExpiry = useMemo(() => rows.some((r) => r.expires), [rows]);
  const shown = shownColumns(widths, width, withExpiry ? ['expires'] : []);
  // The widest of the Type column's words (a handful of distinct ones), once laid out.
  const measured = width > 0;
  const typeText = useMemo(() => {
    if (!measured) return 0;
    const words = new Set<string>();
    for (const row of rows) words.add(row.type);
    return Math.max(0, ...[...words].map(textWidth));
  }, [rows, measured]);
  const laidOut = fittedWidths(widths, shown, width, typeText);

  const resize = (column: SizedColumn, delta: number): void => {
    // from the width shown, which may be wider than the one set (fittedWidths)
    const from = laidOut[column] - widths[column];
    setWidths((w) => {
      const next = resizeColumn(w, column, delta + from);
      saveWidths(next);
      return next;
    });
  };

  // Told only when the window or the rows change, not on every render: the callback may be new
  // each time, so the effect reads the latest one instead of depending on it.
  const visibleRowsSink = useRef(onVisibleRows);
  visibleRowsSink.current = onVisibleRows;
  const { start, end } = range;
  useEffect(() => {
    visibleRowsSink.current?.(rows.slice(start, end));
  }, [start, end, rows]);

  // Keep the focused row in view when the keyboard moves it.
  useEffect(() => {
    const el = viewport.current;
    if (!el || selection.focus === undefined) return;
    const index = keys.indexOf(selection.focus);
    if (index < 0) return;
    const top = scrollToReveal(index, el.scrollTop, rowsHeight, ROW_HEIGHT);
    if (top !== undefined) {
      el.scrollTop = top;
      setScrollTop(top);
    }
  }, [selection.focus, keys, rowsHeight]);
  const selectedRows = (): Row[] => rows.filter((r) => selection.selected.has(r.key));
  const focusedRow = rows.find((r) => r.key === selection.focus);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    // Keys pressed on a column's width handle are its own.
    if (event.target !== event.currentTarget) return;
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
      case 'F2':
        if (onRename && selection.selected.size > 0) onRename(selectedRows());
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

  // The highlight follows the window's drag (use-window-drag.ts); the list and its folder rows take the drop.
  function dragOver(event: DragEvent): void {
    if (!onDropFiles || !hasFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'copy';
  }

  function drop(event: DragEvent, folder: string | undefined): void {
    if (!onDropFiles || !hasFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    onDropFiles(folder, event.dataTransfer);
  }

  const rowId = (key: string): string => `${gridId}-row-${keys.indexOf(key)}`;

  const columns = COLUMNS.filter(({ column }) => column === 'name' || shown.includes(column));
  const empty = rows.length === 0;

  return (
    <div
      className={`file-list-frame ${dropTarget === '' ? 'drop-active' : ''} ${empty ? 'is-empty' : ''}`}
      style={{ '--file-columns': gridTemplate(laidOut, shown) } as CSSProperties}
      data-testid="file-drop-zone"
      onDragOver={dragOver}
      onDrop={(e) => drop(e, undefined)}
    >
      <div
        className="file-list file-viewport"
        ref={viewport}
        role="grid"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        aria-multiselectable="true"
        aria-activedescendant={
          selection.focus !== undefined && keys.includes(selection.focus) ? rowId(selection.focus) : undefined
        }
        tabIndex={0}
        data-testid="file-list"
        onKeyDown={onKeyDown}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onFocus={(e) => {
          if (e.target === e.currentTarget && selection.focus === undefined && keys.length > 0)
            onSelection(moveFocus(selection, keys, 1));
        }}
      >
        <div className="file-head" role="rowgroup">
          <div className="file-row header" role="row" aria-rowindex={1}>
            {columns.map(({ column, label }) => (
              <div
                key={column}
                role="columnheader"
                className={`cell col-${column}`}
                aria-sort={sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                {column !== 'name' ? (
                  <ColumnResizer column={column} label={label} width={laidOut[column]} onResize={resize} />
                ) : null}
                <button type="button" tabIndex={-1} data-testid={`sort-${column}`} onClick={() => onSort(column)}>
                  {label}
                  {sort.column === column ? (
                    <span aria-hidden="true">{sort.direction === 'asc' ? ' ▲' : ' ▼'}</span>
                  ) : null}
                </button>
              </div>
            ))}
          </div>
        </div>
        {empty ? null : (
          <div role="rowgroup" className="file-body" style={{ height: range.totalHeight }}>
            <div style={{ transform: `translateY(${range.offsetTop}px)` }}>
              {rows.slice(range.start, range.end).map((row, i) => {
                const index = range.start + i;
                const selected = selection.selected.has(row.key);
                const isFolder = row.entry.kind === 'folder';
                const fresh = isNew(row, props.unseen);
                return (
                  <div
                    key={row.key}
                    id={rowId(row.key)}
                    role="row"
                    aria-rowindex={index + 2}
                    aria-selected={selected}
                    className={`file-row ${selected ? 'selected' : ''} ${row.key === selection.focus ? 'focused' : ''} ${isFolder && dropTarget === row.entry.path ? 'drop-active' : ''} ${fresh ? 'is-new' : ''}`}
                    style={{ height: ROW_HEIGHT }}
                    data-testid="file-row"
                    data-kind={row.entry.kind}
                    data-path={row.entry.path}
                    data-new={fresh || undefined}
                    draggable={!isFolder && !!onDragOut}
                    onDragStart={(e) => onDragOut?.(row, e)}
                    onClick={(e) =>
                      onSelection(
                        clickRow(selection, keys, row.key, { shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey }),
                      )
                    }
                    onDoubleClick={() => onOpen(row)}
                    onContextMenu={(e) => {
                      e.preventDefault();
                      const next = selected ? selection : clickRow(selection, keys, row.key);
                      if (!selected) onSelection(next);
                      onContextMenu(
                        rows.filter((r) => next.selected.has(r.key)),
                        e.clientX,
                        e.clientY,
                      );
                    }}
                    {...(isFolder ? { [DROP_FOLDER_ATTRIBUTE]: row.entry.path } : {})}
                    onDragOver={isFolder ? dragOver : undefined}
                    onDrop={isFolder ? (e) => drop(e, row.entry.path) : undefined}
                  >
                    {columns.map(({ column }) => (
                      <Cell key={column} column={column} row={row} fresh={fresh} expiry={props.expiry} />
                    ))}
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </div>
      {empty ? (
        props.emptyStudy ? (
          <div className="drop-panel" data-testid="file-list-empty">
            <Upload size={32} aria-hidden="true" />
            <p>{props.emptyText}</p>
            {props.emptyStudyActions}
          </div>
        ) : (
          <p className="empty-state" data-testid="file-list-empty">
            {props.emptyText}
          </p>
        )
      ) : null}
    </div>
  );
}
