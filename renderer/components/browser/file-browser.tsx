// One study's files: folder tree, breadcrumbs, filter, the virtualized list, the details pane,
// upload by drop or picker, open / save as / drag out, delete with confirmation, context menu.
import { useCallback, useEffect, useMemo, useState, type CSSProperties, type DragEvent } from 'react';
import type { AppError, AppInfo, ContainerView, ItemView, ProfileView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { useDeleteItems, useDetails, useItems, useRecord, useRefreshCachedItems, useRefreshItems } from '../../data/items.js';
import { useCollaborators } from '../../data/studies.js';
import { useDownload } from '../../data/transfers.js';
import type { DialogSlot } from '../../lib/dialog-slots.js';
import { parentItemPath } from '../../../shared/item-path.js';
import { shownText } from '../../../shared/shown-text.js';
import { takeDropEntries, walkEntries, type DroppedFile } from '../../lib/drop-walk.js';
import { buildTree, folderEntries, itemSlashPath } from '../../lib/file-tree.js';
import { filterRows, nextSort, sortRows, toRow, type Row, type SortSpec } from '../../lib/rows.js';
import { EMPTY_SELECTION, pruneSelection, type Selection } from '../../lib/selection.js';
import { ConfirmDialog } from '../common/confirm-dialog.js';
import { ErrorDisplay } from '../common/error-display.js';
import { ListingStatus } from './listing-status.js';
import { DetailsPane } from '../details/details-pane.js';
import { studyLabel } from '../studies/studies-sidebar.js';
import { StudyDetailsDialog } from '../studies/study-details-dialog.js';
import { ConflictDialog } from '../upload/conflict-dialog.js';
import { UploadControls } from '../upload/upload-controls.js';
import { useUpload } from '../upload/use-upload.js';
import { BlockedOpenDialog, type BlockedOpen } from './blocked-open-dialog.js';
import { Breadcrumbs } from './breadcrumbs.js';
import { ContextMenu, type MenuEntry } from '../common/context-menu.js';
import { triggerDownload } from './download.js';
import { FileList } from './file-list.js';
import { FolderTree } from './folder-tree.js';
import { useLazyHeaders } from './use-lazy-headers.js';
import { useDetailsPaneShown } from './use-details-pane.js';
import { TREE_MAX_WIDTH, TREE_MIN_WIDTH, useTreeWidth } from './use-tree-width.js';
import { WidthResizer } from '../common/width-resizer.js';
import { PanelRight } from 'lucide-react';
import { FoldingActions } from '../common/folding-actions.js';
import { useWindowFileDrag } from '../../lib/use-window-drag.js';
import { DropHint, dropHintText } from './drop-hint.js';

interface FileBrowserProps {
  readonly profile: ProfileView;
  readonly container: ContainerView;
  readonly appInfo?: AppInfo;
  readonly onOpenSlot: (slot: DialogSlot, items?: readonly ItemView[]) => void;
  /** An item to show selected in its folder (from "Find in all studies"); a new nonce shows it again. */
  readonly reveal?: { readonly itemPath: string; readonly nonce: number };
}

interface ActionProblem {
  readonly context: string;
  readonly error: AppError;
  readonly retry?: () => void;
}

type DownloadMode = 'open' | 'saveAs' | 'dragOut' | 'showInFolder';

export function FileBrowser({ profile, container, appInfo, onOpenSlot, reveal }: FileBrowserProps) {
  const items = useItems(profile.id, container.id);
  // Opened again on a list cached earlier (e.g. back from another profile): fetch what changed meanwhile.
  useRefreshCachedItems(profile.id, container.id);
  const collaborators = useCollaborators(profile.id, container.id);
  const { changesOnly, fullReload } = useRefreshItems(profile.id, container.id);
  const remove = useDeleteItems(profile.id, container.id);
  const fetchItem = useDownload(container.id);
  const [folder, setFolder] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<SortSpec>({ column: 'name', direction: 'asc' });
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [menu, setMenu] = useState<{ rows: Row[]; x: number; y: number } | undefined>();
  const [confirmDelete, setConfirmDelete] = useState<Row[] | undefined>();
  const [problem, setProblem] = useState<ActionProblem | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [blocked, setBlocked] = useState<{ item: ItemView; outcome: BlockedOpen } | undefined>();
  const onVisibleRows = useLazyHeaders(profile.id, container.id);
  const [showDetails, setShowDetails] = useDetailsPaneShown();
  const [treeWidth, treeSized, resizeTree] = useTreeWidth();
  const [editingStudy, setEditingStudy] = useState(false);

  const tree = useMemo(() => buildTree(items.data?.items ?? []), [items.data]);
  const names = useMemo(() => {
    const map = new Map<string, string>([[container.ownerId, container.ownerName]]);
    for (const org of collaborators.data ?? []) map.set(org.id, org.name);
    map.set(profile.organizationId, profile.organizationName);
    return map;
  }, [collaborators.data, container, profile]);
  const allRows = useMemo(() => folderEntries(tree, folder).map((e) => toRow(e, { names })), [tree, folder, names]);
  // Sorted once per list or sort; a filter keystroke only filters (a filter keeps the order).
  const sortedRows = useMemo(() => sortRows(allRows, sort), [allRows, sort]);
  const rows = useMemo(() => filterRows(sortedRows, filter), [sortedRows, filter]);
  const rowKeys = useMemo(() => rows.map((r) => r.key), [rows]);

  useEffect(() => setSelection((s) => pruneSelection(s, rowKeys)), [rowKeys]);
  useEffect(() => {
    // A folder that vanished after a refresh: go back to the nearest one that still exists.
    if (!items.data || tree.folders.has(folder)) return;
    const parts = folder.split('/');
    while (parts.length && !tree.folders.has(parts.join('/'))) parts.pop();
    setFolder(parts.join('/'));
  }, [tree, folder, items.data]);

  const selectedRows = rows.filter((r) => selection.selected.has(r.key));
  const selectedItems = selectedRows.flatMap((r) => (r.entry.kind === 'item' ? [r.entry.item] : []));
  const single = selectedRows.length === 1 && selectedRows[0]?.entry.kind === 'item' ? selectedRows[0].entry.item : undefined;
  const details = useDetails(profile.id, container.id, single);
  const isRecord = !!single?.decryptedHeader && single.decryptedHeader.type !== 'document';
  const record = useRecord(profile.id, container.id, single, isRecord);

  const upload = useUpload(profile.id, container.id);

  const openFolder = (path: string): void => {
    setFolder(path);
    setFilter('');
    setSelection(EMPTY_SELECTION);
  };

  // "Find in all studies": once the list is here, its folder opens with the item selected.
  const revealed = reveal && items.data ? `${reveal.itemPath}#${reveal.nonce}` : undefined;
  useEffect(() => {
    if (!reveal || !items.data) return;
    const path = reveal.itemPath;
    const key = `item:${path}`;
    setFolder(parentItemPath(path));
    setFilter('');
    setSelection({ selected: new Set([key]), focus: key, anchor: key });
  }, [revealed]);

  const download = useCallback(
    async (item: ItemView, mode: DownloadMode): Promise<void> => {
      const path = itemSlashPath(item);
      const run = async (): Promise<void> => {
        setProblem(undefined);
        try {
          const outcome = await fetchItem.mutateAsync({ itemPath: path, mode });
          if (outcome.kind === 'download') triggerDownload(outcome.url);
          else if (outcome.kind === 'saved') setStatus(`Saved to ${outcome.path}`);
          else if (outcome.kind === 'opened') setStatus(`Opened ${outcome.path}`);
          else if (outcome.kind === 'shown') setStatus(`Shown in its folder: ${outcome.path}`);
          else if (outcome.kind === 'blocked') setBlocked({ item, outcome });
        } catch (e) {
          const verb = mode === 'open' ? 'opened' : 'saved';
          setProblem({ context: `"${path}" could not be ${verb}.`, error: toAppError(e), retry: () => void run() });
        }
      };
      await run();
    },
    [fetchItem.mutateAsync],
  );

  const openRow = (row: Row): void => {
    if (row.entry.kind === 'folder') openFolder(row.entry.path);
    else if (row.entry.item.decryptedHeader?.type === 'document' || !row.entry.item.decryptedHeader) void download(row.entry.item, 'open');
    // Records open in the details pane: selecting them is enough.
  };

  const deleteRows = (targets: Row[]): void => {
    const itemRows = targets.filter((r) => r.entry.kind === 'item');
    if (itemRows.length) setConfirmDelete(itemRows);
  };

  const doDelete = (targets: Row[]): void => {
    setConfirmDelete(undefined);
    const paths = targets.map((r) => r.entry.path);
    remove.mutate(paths, {
      onSuccess: (results) => {
        const failed = results.filter((r) => !r.ok);
        const first = failed[0]?.error;
        if (first) setProblem({ context: `${failed.length} of ${results.length} could not be deleted (${failed.map((f) => f.itemPath).slice(0, 3).join(', ')}).`, error: first });
        else setStatus(`Deleted ${results.length} item${results.length === 1 ? '' : 's'}.`);
      },
      onError: (e) => setProblem({ context: 'The items could not be deleted.', error: toAppError(e), retry: () => doDelete(targets) }),
    });
  };

  const onDropFiles = (target: string | undefined, data: DataTransfer): void => {
    const destination = target ?? folder;
    const { entries, files } = takeDropEntries(data);
    void (async () => {
      const dropped: DroppedFile[] = [...files.map((file) => ({ file, relativePath: file.name })), ...(await walkEntries(entries))];
      if (dropped.length) await upload.uploadFiles(dropped, destination);
    })().catch((e: unknown) => setProblem({ context: 'The dropped files could not be read.', error: toAppError(e) }));
  };

  const onDragOut = (row: Row, event: DragEvent): void => {
    if (row.entry.kind !== 'item') return;
    // The shell starts the native drag (Electron) or the host offers a download (browser).
    event.preventDefault();
    void download(row.entry.item, 'dragOut');
  };

  const menuEntries = (targets: Row[]): MenuEntry[] => {
    const its = targets.flatMap((r) => (r.entry.kind === 'item' ? [r.entry.item] : []));
    const first = targets[0];
    if (first?.entry.kind === 'folder' && targets.length === 1) {
      const path = first.entry.path;
      return [{ id: 'open', label: 'Open folder', onSelect: () => openFolder(path) }];
    }
    const one = its.length === 1 ? its[0] : undefined;
    return [
      { id: 'open', label: 'Open', disabled: !one, onSelect: () => one && void download(one, 'open') },
      { id: 'save-as', label: 'Save as…', disabled: !one, onSelect: () => one && void download(one, 'saveAs') },
      { id: 'manage-access', label: 'Manage access…', disabled: its.length === 0, onSelect: () => onOpenSlot('manageAccess', its) },
      { id: 'rekey', label: 'Re-key…', disabled: !one, onSelect: () => onOpenSlot('rekey', its) },
      { id: 'delete', label: 'Delete…', danger: true, disabled: its.length === 0, onSelect: () => deleteRows(targets) },
    ];
  };

  const rootLabel = studyLabel(container);
  // Files dragged anywhere over the window: the folder they would go to is highlighted and named;
  // dropped outside the list and the folders, they go to the current folder.
  const dragTarget = useWindowFileDrag({ folder, onDrop: (target, data) => onDropFiles(target, data) });
  const refreshError = changesOnly.error ? toAppError(changesOnly.error) : undefined;

  return (
    <section className="file-browser" aria-label={`Files of ${rootLabel}`} data-testid="file-browser">
      <div className="toolbar" role="toolbar" aria-label="File actions" data-fold-bar="">
        <Breadcrumbs path={folder} rootLabel={rootLabel} onOpen={openFolder} />
        <input
          type="search"
          className="filter"
          placeholder="Filter"
          aria-label="Filter this folder"
          data-testid="filter-input"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <UploadControls
          disabled={!!upload.busy}
          nativeFiles={!!appInfo?.nativeFiles}
          onFiles={(files) => void upload.uploadFiles(files, folder)}
          onNativePick={(folders) => void upload.pickNative(folders, folder)}
        />
        <FoldingActions
          className="toolbar-actions"
          moreTestId="toolbar-more"
          moreLabel="More actions"
          moreText="More"
          actions={[
            {
              id: 'refresh',
              label: changesOnly.isPending ? 'Refreshing…' : 'Refresh',
              disabled: changesOnly.isPending,
              onSelect: () => changesOnly.mutate(),
              button: (
                <button type="button" data-testid="refresh" disabled={changesOnly.isPending} onClick={() => changesOnly.mutate()} title="Fetch only what changed since the last refresh">
                  {changesOnly.isPending ? 'Refreshing…' : 'Refresh'}
                </button>
              ),
            },
            {
              id: 'collaborators',
              label: 'Collaborators…',
              onSelect: () => onOpenSlot('collaborators'),
              button: (
                <button type="button" data-testid="open-collaborators" onClick={() => onOpenSlot('collaborators')}>
                  Collaborators…
                </button>
              ),
            },
            {
              id: 'reload',
              label: 'Reload all',
              onSelect: () => void fullReload(),
              button: (
                <button type="button" data-testid="reload" onClick={() => void fullReload()} title="Load the whole list again">
                  Reload all
                </button>
              ),
            },
            {
              id: 'study-details',
              label: 'Study details…',
              onSelect: () => setEditingStudy(true),
              button: (
                <button type="button" data-testid="open-study-details" onClick={() => setEditingStudy(true)}>
                  Study details…
                </button>
              ),
            },
            {
              id: 'toggle-details',
              label: showDetails ? 'Hide the details pane' : 'Show the details pane',
              onSelect: () => setShowDetails(!showDetails),
              button: (
                <button type="button" data-testid="toggle-details" aria-pressed={showDetails} onClick={() => setShowDetails(!showDetails)} title="Show or hide the details pane">
                  <PanelRight size={16} aria-hidden="true" /> Details
                </button>
              ),
            },
          ]}
        />
      </div>
      <div className="status-line" role="status" aria-live="polite" data-testid="browser-status">
        {upload.busy ?? status ?? ''}
      </div>
      {upload.refused.length ? (
        <div className="error-display" role="alert" data-testid="upload-refused">
          <p className="error-context">Not uploaded:</p>
          <ul>
            {upload.refused.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <button type="button" onClick={upload.dismiss}>
            Dismiss
          </button>
        </div>
      ) : null}
      {upload.problem ? <ErrorDisplay context={upload.problem.context} error={upload.problem.error} onRetry={upload.problem.retry} onDismiss={upload.dismiss} /> : null}
      {problem ? <ErrorDisplay context={problem.context} error={problem.error} onRetry={problem.retry} onDismiss={() => setProblem(undefined)} /> : null}
      {refreshError ? <ErrorDisplay context="The list could not be refreshed." error={refreshError} onRetry={() => changesOnly.mutate()} onDismiss={() => changesOnly.reset()} /> : null}
      <div className={`browser-body ${showDetails ? '' : 'no-details'}`} style={treeSized ? ({ '--tree-width': `${treeWidth}px` } as CSSProperties) : undefined}>
        <div className="tree-pane">
          <FolderTree tree={tree} current={folder} rootLabel={rootLabel} onOpen={openFolder} onDropFiles={(path, data) => onDropFiles(path, data)} dropTarget={dragTarget} />
          <WidthResizer label="Width of the folder tree" width={treeWidth} min={TREE_MIN_WIDTH} max={TREE_MAX_WIDTH} edge="right" className="pane-resizer" testId="resize-tree" onResize={resizeTree} />
        </div>
        <div className="list-column">
          <ListingStatus items={items} />
          {items.isPending ? (
            <p className="muted" data-testid="files-loading">
              Loading files…
            </p>
          ) : (
            <FileList
              rows={rows}
              sort={sort}
              onSort={(column) => setSort((s) => nextSort(s, column))}
              selection={selection}
              onSelection={setSelection}
              onOpen={openRow}
              onDelete={deleteRows}
              onContextMenu={(targets, x, y) => setMenu({ rows: targets, x, y })}
              onVisibleRows={onVisibleRows}
              onDropFiles={onDropFiles}
              onDragOut={onDragOut}
              label={`Files in ${folder ? shownText(folder) : rootLabel}`}
              dropTarget={dragTarget === undefined ? undefined : dragTarget === folder ? '' : dragTarget}
              emptyStudy={!filter && (items.data?.items.length ?? 0) === 0}
              emptyText={
                filter
                  ? `Nothing in this folder matches "${filter}".`
                  : (items.data?.items.length ?? 0) === 0
                    ? 'Drop documents here, or choose Upload…'
                    : 'This folder is empty. Drop files or folders here, or choose Upload….'
              }
            />
          )}
        </div>
        {showDetails ? (
        <DetailsPane
          item={single}
          details={details.data}
          detailsError={details.error ? toAppError(details.error) : undefined}
          loading={details.isFetching}
          ownerName={single ? (names.get(single.ownerId) ?? 'Another organization') : ''}
          record={record.data}
          recordError={record.error ? toAppError(record.error) : undefined}
          selectionCount={selectedItems.length}
          onRetry={() => {
            void details.refetch();
            if (isRecord) void record.refetch();
          }}
          onOpen={single && !isRecord ? () => void download(single, 'open') : undefined}
          onSaveAs={single ? () => void download(single, 'saveAs') : undefined}
          onManageAccess={single ? () => onOpenSlot('manageAccess', [single]) : undefined}
        />
        ) : null}
      </div>
      {menu ? <ContextMenu x={menu.x} y={menu.y} entries={menuEntries(menu.rows)} onClose={() => setMenu(undefined)} /> : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={confirmDelete.length === 1 ? 'Delete this item?' : `Delete ${confirmDelete.length} items?`}
          message={`${confirmDelete
            .slice(0, 5)
            .map((r) => r.label)
            .join(', ')}${confirmDelete.length > 5 ? ', …' : ''} will be removed from the study for every organization. This cannot be undone.`}
          confirmLabel="Delete"
          platform={appInfo?.platform}
          onConfirm={() => doDelete(confirmDelete)}
          onCancel={() => setConfirmDelete(undefined)}
        />
      ) : null}
      {blocked ? (
        <BlockedOpenDialog
          blocked={blocked.outcome}
          onShowInFolder={() => {
            setBlocked(undefined);
            void download(blocked.item, 'showInFolder');
          }}
          onSaveAs={() => {
            setBlocked(undefined);
            void download(blocked.item, 'saveAs');
          }}
          onClose={() => setBlocked(undefined)}
        />
      ) : null}
      {editingStudy ? <StudyDetailsDialog profileId={profile.id} container={container} fallbackTitle={rootLabel} onClose={() => setEditingStudy(false)} onSaved={setStatus} /> : null}
      {dragTarget !== undefined ? <DropHint text={dropHintText(dragTarget === '' ? rootLabel : (dragTarget.split('/').pop() ?? dragTarget))} /> : null}
      {upload.conflict ? <ConflictDialog conflict={upload.conflict.conflict} remaining={upload.conflict.remaining} onAnswer={upload.answer} onCancel={upload.cancelConflicts} /> : null}
    </section>
  );
}
