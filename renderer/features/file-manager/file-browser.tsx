// One study's files: toolbar, folder tree, the virtualized list, the details pane, and the
// dialogs its actions ask with. The concerns live in hooks of their own: where we are and what
// is selected (use-folder-view), open / save as / drag out (use-downloads), delete
// (use-delete-rows), drops (use-file-drop), the context menu (row-menu).
import { useMemo, useState, type CSSProperties, type DragEvent } from 'react';
import type { AppInfo, ContainerView, ItemView, ProfileView } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { toAppError } from '../../bridge/api.js';
import { useDetails, useItems, useRecord, useRefreshCachedItems, useRefreshItems } from './items.js';
import type { DialogSlot } from '../../lib/dialog-slots.js';
import type { Row } from '../../lib/rows.js';
import { ConfirmDialog } from '../../components/common/confirm-dialog.js';
import { ContextMenu } from '../../components/common/context-menu.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { WidthResizer } from '../../components/common/width-resizer.js';
import { DetailsPane } from './details-pane.js';
import { studyLabel } from '../studies/studies-sidebar.js';
import { StudyDetailsDialog } from '../studies/study-details-dialog.js';
import { DocumentDelivery } from '../receipts/document-delivery.js';
import { DocumentSignOffs } from '../signoffs/document-signoffs.js';
import { ConflictDialog } from './conflict-dialog.js';
import { useUpload } from './use-upload.js';
import { useActionFeedback } from './action-feedback.js';
import { BlockedOpenDialog } from './blocked-open-dialog.js';
import { BrowserToolbar } from './browser-toolbar.js';
import { DropHint, dropHintText } from './drop-hint.js';
import { FileList } from './file-list.js';
import { FolderTree } from './folder-tree.js';
import { ListingStatus } from './listing-status.js';
import { OpenRiskDialog } from './open-risk-dialog.js';
import { PendingUploads, pendingUploads } from './pending-uploads.js';
import { renamable } from './rename-entry.js';
import { NewFolderDialog } from './new-folder-dialog.js';
import { useEmptyFolders } from './use-empty-folders.js';
import { removableFolder } from './empty-folders.js';
import { isAtOrBelow } from '../../../shared/file-manager/empty-folders.js';
import { parentItemPath } from '../../../shared/item-path.js';
import { buildTree } from '../../lib/file-tree.js';
import { useTransferList } from '../transfers/transfers.js';
import { rowMenuEntries } from './row-menu.js';
import { selectionActions } from './selection-actions.js';
import { useDeleteRows } from './use-delete-rows.js';
import { useDetailsPaneShown } from './use-details-pane.js';
import { useDownloads } from './use-downloads.js';
import { useFileDrop } from './use-file-drop.js';
import { useFolderView, type Reveal } from './use-folder-view.js';
import { useLazyHeaders } from './use-lazy-headers.js';
import { useNewMarks } from './use-new-marks.js';
import { useStudyNames } from './use-study-names.js';
import { useExpiryContext } from '../binder/use-expiry-context.js';
import { DocumentFieldsSection } from '../binder/document-fields.js';
import { useDescribeFirst } from '../binder/upload-describe-dialog.js';
import { TREE_MAX_WIDTH, TREE_MIN_WIDTH, useTreeWidth } from './use-tree-width.js';

interface FileBrowserProps {
  readonly profile: ProfileView;
  readonly container: ContainerView;
  readonly appInfo?: AppInfo;
  readonly onOpenSlot: (slot: DialogSlot, items?: readonly ItemView[]) => void;
  /** Items to show selected (Find, Changes, a notification: lib/reveal.ts); a new nonce shows them again. */
  readonly reveal?: Reveal;
  /** "Changes" for this study. */
  readonly onOpenChanges?: () => void;
}

export function FileBrowser({ profile, container, appInfo, onOpenSlot, reveal, onOpenChanges }: FileBrowserProps) {
  const items = useItems(profile.id, container.id);
  // Opened again on a list cached earlier (e.g. back from another profile): fetch what changed meanwhile.
  useRefreshCachedItems(profile.id, container.id);
  const { changesOnly, fullReload } = useRefreshItems(profile.id, container.id);
  const onVisibleRows = useLazyHeaders(profile.id, container.id);
  const [showDetails, setShowDetails] = useDetailsPaneShown();
  const [editingStudy, setEditingStudy] = useState(false);
  const [menu, setMenu] = useState<{ rows: Row[]; x: number; y: number } | undefined>();

  const names = useStudyNames(profile, container);
  const expiry = useExpiryContext();
  const listed = useMemo(() => (items.data ? buildTree(items.data.items) : undefined), [items.data]);
  const emptyFolders = useEmptyFolders(profile.id, container.id, listed);
  const [newFolder, setNewFolder] = useState(false);
  const view = useFolderView(items.data, names, reveal, emptyFolders.paths);
  const { folder, single } = view;
  const [treeWidth, treeSized, resizeTree] = useTreeWidth(view.tree, showDetails);
  const details = useDetails(profile.id, container.id, single);
  const isRecord = !!single?.decryptedHeader && single.decryptedHeader.type !== 'document';
  const record = useRecord(profile.id, container.id, single, isRecord);

  const feedback = useActionFeedback();
  const upload = useUpload(profile.id, container.id);
  const transfers = useTransferList(profile.id);
  const describeFirst = useDescribeFirst(upload.uploadFiles);
  const downloads = useDownloads(container.id, feedback);
  const { blocked, closeBlocked, asked, closeAsked } = downloads;
  const marks = useNewMarks(profile.id, container.id);
  // Opening an item, saving or dragging it out is seeing it: its New mark goes.
  const download: typeof downloads.download = (item, mode, ...rest) => {
    marks.seen(item);
    return downloads.download(item, mode, ...rest);
  };
  const deletion = useDeleteRows(profile.id, container.id, feedback);
  const { onDropFiles, dragTarget } = useFileDrop(folder, upload.uploadFiles, feedback.setProblem);

  const openRow = (row: Row): void => {
    if (row.entry.kind === 'folder') view.openFolder(row.entry.path);
    else if (row.entry.item.decryptedHeader?.type === 'document' || !row.entry.item.decryptedHeader)
      void download(row.entry.item, 'open');
    // Records open in the details pane: selecting them is enough, opening one is seeing it.
    else marks.seen(row.entry.item);
  };

  const onDragOut = (row: Row, event: DragEvent): void => {
    if (row.entry.kind !== 'item') return;
    // The shell starts the native drag (Electron) or the host offers a download (browser).
    event.preventDefault();
    void download(row.entry.item, 'dragOut');
  };

  const rootLabel = studyLabel(container);
  const refreshError = changesOnly.error ? toAppError(changesOnly.error) : undefined;
  const { problem, status } = feedback;
  const studyEmpty = (items.data?.items.length ?? 0) === 0;

  return (
    <section className="file-browser" aria-label={`Files of ${rootLabel}`} data-testid="file-browser">
      <BrowserToolbar
        folder={folder}
        rootLabel={rootLabel}
        rootProtocol={container.study?.protocolNumber}
        onOpenFolder={view.openFolder}
        filter={view.filter}
        onFilter={view.setFilter}
        uploadBusy={!!upload.busy}
        nativeFiles={!!appInfo?.nativeFiles}
        onUploadFiles={(files, fromFolder) => void describeFirst.uploadFiles(files, folder, fromFolder)}
        onNativePick={(folders) => void upload.pickNative(folders, folder, folders ? undefined : describeFirst.ask)}
        refreshing={changesOnly.isPending}
        onRefresh={() => changesOnly.mutate()}
        onReload={() => void fullReload()}
        onNewFolder={() => setNewFolder(true)}
        onCollaborators={() => onOpenSlot('collaborators')}
        onStudyDetails={() => setEditingStudy(true)}
        onDistribution={() => onOpenSlot('distribution')}
        onBinder={() => onOpenSlot('binder')}
        onExportStudy={() => onOpenSlot('exportStudy')}
        onChanges={onOpenChanges}
        onMarkSeen={marks.study.folders.has(folder) ? () => marks.markFolder(folder) : undefined}
        markSeenLabel={folder ? 'Mark folder as seen' : 'Mark study as seen'}
        showDetails={showDetails}
        onShowDetails={setShowDetails}
        selectionActions={
          showDetails
            ? undefined
            : selectionActions(view.selectedItems, {
                onOpen: (item) => void download(item, 'open'),
                onSaveAs: (item) => void download(item, 'saveAs'),
                onManageAccess: (its) => onOpenSlot('manageAccess', its),
                onSignOff: (its) => onOpenSlot('signOff', its),
                onRename: (item) => onOpenSlot('rename', [item]),
              })
        }
      />
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
      {upload.problem ? (
        <ErrorDisplay
          context={upload.problem.context}
          error={upload.problem.error}
          onRetry={upload.problem.retry}
          onDismiss={upload.dismiss}
        />
      ) : null}
      {problem ? (
        <ErrorDisplay
          context={problem.context}
          error={problem.error}
          onRetry={problem.retry}
          onDismiss={() => feedback.setProblem(undefined)}
        />
      ) : null}
      {emptyFolders.loadError ? (
        <ErrorDisplay
          context="The empty folders kept for this study could not be loaded."
          error={toAppError(emptyFolders.loadError)}
          onRetry={() => void emptyFolders.reload()}
        />
      ) : null}
      {marks.error ? (
        <ErrorDisplay context="Could not mark as seen." error={marks.error} onDismiss={marks.dismissError} />
      ) : null}
      {refreshError ? (
        <ErrorDisplay
          context="The list could not be refreshed."
          error={refreshError}
          onRetry={() => changesOnly.mutate()}
          onDismiss={() => changesOnly.reset()}
        />
      ) : null}
      <div
        className={`browser-body ${showDetails ? '' : 'no-details'}`}
        style={treeSized ? ({ '--tree-width': `${treeWidth}px` } as CSSProperties) : undefined}
      >
        <div className="tree-pane">
          <FolderTree
            tree={view.tree}
            current={folder}
            rootLabel={rootLabel}
            rootProtocol={container.study?.protocolNumber}
            onOpen={view.openFolder}
            onDropFiles={(path, data) => onDropFiles(path, data)}
            dropTarget={dragTarget}
            newFolders={marks.study.folders}
            onMarkSeen={marks.markFolder}
          />
          <WidthResizer
            label="Width of the folder tree"
            width={treeWidth}
            min={TREE_MIN_WIDTH}
            max={TREE_MAX_WIDTH}
            edge="right"
            className="pane-resizer"
            testId="resize-tree"
            onResize={resizeTree}
          />
        </div>
        <div className="list-column">
          <ListingStatus items={items} />
          <PendingUploads uploads={pendingUploads(transfers.data ?? [], container.id, folder)} />
          {items.isPending ? (
            <p className="muted" data-testid="files-loading">
              Loading files…
            </p>
          ) : (
            <FileList
              rows={view.rows}
              sort={view.sort}
              onSort={view.sortBy}
              selection={view.selection}
              onSelection={view.setSelection}
              onOpen={openRow}
              onDelete={deletion.ask}
              onRename={(targets) => {
                const one = renamable(targets.flatMap((r) => (r.entry.kind === 'item' ? [r.entry.item] : [])));
                if (one) onOpenSlot('rename', [one]);
              }}
              onContextMenu={(targets, x, y) => setMenu({ rows: targets, x, y })}
              onVisibleRows={onVisibleRows}
              onDropFiles={onDropFiles}
              onDragOut={onDragOut}
              unseen={marks.study}
              expiry={expiry}
              label={`Files in ${folder ? shownText(folder) : rootLabel}`}
              dropTarget={dragTarget === undefined ? undefined : dragTarget === folder ? '' : dragTarget}
              emptyStudy={!view.filter && studyEmpty}
              emptyStudyActions={
                // a new study of ours: the sites come next (issue 38 §9)
                container.ownedByMe ? (
                  <button type="button" data-testid="invite-sites" onClick={() => onOpenSlot('collaborators')}>
                    Invite sites…
                  </button>
                ) : undefined
              }
              emptyText={
                view.filter
                  ? `Nothing in this folder matches "${view.filter}".`
                  : studyEmpty
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
            selectionCount={view.selectedItems.length}
            onRetry={() => {
              void details.refetch();
              if (isRecord) void record.refetch();
            }}
            onOpen={single && !isRecord ? () => void download(single, 'open') : undefined}
            onSaveAs={single ? () => void download(single, 'saveAs') : undefined}
            onManageAccess={single ? () => onOpenSlot('manageAccess', [single]) : undefined}
            onRename={single && renamable([single]) ? () => onOpenSlot('rename', [single]) : undefined}
            binder={
              single ? (
                <DocumentFieldsSection
                  item={details.data?.item ?? single}
                  expiry={expiry}
                  onDescribe={(its) => onOpenSlot('describe', its)}
                />
              ) : undefined
            }
            delivery={
              single ? (
                <DocumentDelivery
                  profileId={profile.id}
                  containerId={container.id}
                  item={details.data?.item ?? single}
                />
              ) : undefined
            }
            signOffs={
              single ? (
                <DocumentSignOffs
                  profileId={profile.id}
                  containerId={container.id}
                  item={details.data?.item ?? single}
                  onSignOff={() => onOpenSlot('signOff', [details.data?.item ?? single])}
                  onRequest={() => onOpenSlot('requestSignOff', [details.data?.item ?? single])}
                />
              ) : undefined
            }
          />
        ) : null}
      </div>
      {menu ? (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          entries={rowMenuEntries(menu.rows, {
            openFolder: view.openFolder,
            download,
            openSlot: onOpenSlot,
            deleteRows: deletion.ask,
            removeEmptyFolder: (path) =>
              removableFolder(path, listed, emptyFolders.paths)
                ? () => {
                    const removeIt = () =>
                      emptyFolders.remove.mutate([path], {
                        onError: (e) =>
                          feedback.setProblem({
                            context: 'The folder could not be removed.',
                            error: toAppError(e),
                            retry: removeIt,
                          }),
                      });
                    removeIt();
                    if (isAtOrBelow(folder, path)) view.openFolder(parentItemPath(path));
                  }
                : undefined,
          })}
          onClose={() => setMenu(undefined)}
        />
      ) : null}
      {newFolder ? (
        <NewFolderDialog
          tree={view.tree}
          parent={folder}
          parentLabel={folder ? (folder.split('/').pop() ?? folder) : rootLabel}
          busy={emptyFolders.add.isPending}
          problem={emptyFolders.add.error ? toAppError(emptyFolders.add.error) : undefined}
          onCreate={(path) =>
            emptyFolders.add.mutate(path, {
              onSuccess: () => {
                setNewFolder(false);
                view.openFolder(path);
              },
            })
          }
          onClose={() => {
            emptyFolders.add.reset();
            setNewFolder(false);
          }}
        />
      ) : null}
      {deletion.confirming ? (
        <ConfirmDialog
          title={deletion.confirming.length === 1 ? 'Delete this item?' : `Delete ${deletion.confirming.length} items?`}
          message={`${deletion.confirming
            .slice(0, 5)
            .map((r) => r.label)
            .join(
              ', ',
            )}${deletion.confirming.length > 5 ? ', …' : ''} will be removed from the study for every organization. This cannot be undone.`}
          confirmLabel="Delete"
          platform={appInfo?.platform}
          onConfirm={() => deletion.confirming && deletion.confirm(deletion.confirming)}
          onCancel={deletion.cancel}
        />
      ) : null}
      {blocked ? (
        <BlockedOpenDialog
          blocked={blocked.outcome}
          onShowInFolder={() => {
            closeBlocked();
            void download(blocked.item, 'showInFolder');
          }}
          onSaveAs={() => {
            closeBlocked();
            void download(blocked.item, 'saveAs');
          }}
          onClose={closeBlocked}
        />
      ) : null}
      {asked ? (
        <OpenRiskDialog
          asked={asked.outcome}
          onOpenAnyway={() => {
            closeAsked();
            void download(asked.item, 'open', true);
          }}
          onSaveAs={() => {
            closeAsked();
            void download(asked.item, 'saveAs');
          }}
          onCancel={closeAsked}
        />
      ) : null}
      {editingStudy ? (
        <StudyDetailsDialog
          profileId={profile.id}
          container={container}
          fallbackTitle={rootLabel}
          onClose={() => setEditingStudy(false)}
          onSaved={feedback.setStatus}
        />
      ) : null}
      {dragTarget !== undefined ? (
        <DropHint text={dropHintText(dragTarget === '' ? rootLabel : (dragTarget.split('/').pop() ?? dragTarget))} />
      ) : null}
      {describeFirst.dialog}
      {upload.conflict ? (
        <ConflictDialog
          conflict={upload.conflict.conflict}
          remaining={upload.conflict.remaining}
          onAnswer={upload.answer}
          onCancel={upload.cancelConflicts}
        />
      ) : null}
    </section>
  );
}
