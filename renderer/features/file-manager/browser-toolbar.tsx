// The file browser's toolbar: where we are (breadcrumbs), the filter, upload, and the study's
// actions, folding into "More" when the window is narrow.
import { PanelRight } from 'lucide-react';
import { binderAction } from '../binder/binder-action.js';
import { FoldingActions, type FoldAction } from '../../components/common/folding-actions.js';
import { UploadControls } from './upload-controls.js';
import type { DroppedFile } from '../../lib/drop-walk.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { Breadcrumbs } from './breadcrumbs.js';

/** Below this width a selection's actions need Upload folder…'s room (issue 38 §7). */
const NARROW_TOOLBAR = '(max-width: 1299px)';

interface BrowserToolbarProps {
  readonly folder: string;
  readonly rootLabel: string;
  readonly rootProtocol?: string;
  readonly onOpenFolder: (path: string) => void;
  readonly filter: string;
  readonly onFilter: (text: string) => void;
  readonly uploadBusy: boolean;
  readonly nativeFiles: boolean;
  /** `folder`: chosen with Upload folder… rather than Upload…. */
  readonly onUploadFiles: (files: DroppedFile[], folder: boolean) => void;
  readonly onNativePick: (folders: boolean) => void;
  readonly refreshing: boolean;
  readonly onRefresh: () => void;
  readonly onReload: () => void;
  readonly onCollaborators: () => void;
  /** New folder… in the folder shown (features/file-manager). */
  readonly onNewFolder?: () => void;
  readonly onStudyDetails: () => void;
  readonly onDistribution: () => void;
  /** The study's binder (renderer/features/binder). */
  readonly onBinder?: () => void;
  readonly onExportStudy: () => void;
  /** This study's Changes. */
  readonly onChanges?: () => void;
  /** "Mark as seen" for the folder shown, while it holds New items. */
  readonly onMarkSeen?: () => void;
  readonly markSeenLabel?: string;
  readonly showDetails: boolean;
  readonly onShowDetails: (shown: boolean) => void;
  /** The selection's actions, shown first (selection-actions.tsx); none while the details pane has them. */
  readonly selectionActions?: readonly FoldAction[];
}

function changesAction(onChanges: () => void): FoldAction {
  return {
    id: 'study-changes',
    label: 'Changes…',
    onSelect: onChanges,
    button: (
      <button type="button" data-testid="open-study-changes" onClick={onChanges}>
        Changes…
      </button>
    ),
  };
}

function newFolderAction(onNewFolder: () => void): FoldAction {
  return {
    id: 'new-folder',
    label: 'New folder…',
    onSelect: onNewFolder,
    button: (
      <button type="button" data-testid="new-folder" onClick={onNewFolder}>
        New folder…
      </button>
    ),
  };
}

function markSeenAction(label: string, onMarkSeen: () => void): FoldAction {
  return {
    id: 'mark-seen',
    label,
    onSelect: onMarkSeen,
    button: (
      <button type="button" data-testid="mark-seen" onClick={onMarkSeen}>
        {label}
      </button>
    ),
  };
}

export function BrowserToolbar(props: BrowserToolbarProps) {
  const { refreshing, showDetails } = props;
  const refreshText = refreshing ? 'Refreshing…' : 'Refresh';
  // a narrow toolbar with a selection: Upload folder… folds into Upload, More is its icon, the
  // filter and the breadcrumbs take less, so Open, Save as… and Manage access… stay buttons
  const compact = useMediaQuery(NARROW_TOOLBAR) && (props.selectionActions?.length ?? 0) > 0;
  return (
    <div className="toolbar" role="toolbar" aria-label="File actions" data-fold-bar="">
      <Breadcrumbs
        path={props.folder}
        rootLabel={props.rootLabel}
        rootProtocol={props.rootProtocol}
        tight={compact}
        onOpen={props.onOpenFolder}
      />
      <input
        type="search"
        className={compact ? 'filter compact' : 'filter'}
        placeholder="Filter"
        aria-label="Filter this folder"
        data-testid="filter-input"
        value={props.filter}
        onChange={(e) => props.onFilter(e.target.value)}
      />
      <UploadControls
        disabled={props.uploadBusy}
        nativeFiles={props.nativeFiles}
        onFiles={props.onUploadFiles}
        onNativePick={props.onNativePick}
        compact={compact}
      />
      <FoldingActions
        className="toolbar-actions"
        moreTestId="toolbar-more"
        moreLabel="More actions"
        moreText={compact ? '' : 'More'}
        moreButtonLabel={compact ? 'More actions' : undefined}
        actions={[
          ...(props.selectionActions ?? []),
          {
            id: 'refresh',
            label: refreshText,
            disabled: refreshing,
            onSelect: props.onRefresh,
            button: (
              <button
                type="button"
                data-testid="refresh"
                disabled={refreshing}
                onClick={props.onRefresh}
                title="Fetch only what changed since the last refresh"
              >
                {refreshText}
              </button>
            ),
          },
          ...(props.onNewFolder ? [newFolderAction(props.onNewFolder)] : []),
          ...(props.onChanges ? [changesAction(props.onChanges)] : []),
          ...(props.onMarkSeen ? [markSeenAction(props.markSeenLabel ?? 'Mark as seen', props.onMarkSeen)] : []),
          {
            id: 'collaborators',
            label: 'Collaborators…',
            onSelect: props.onCollaborators,
            button: (
              <button type="button" data-testid="open-collaborators" onClick={props.onCollaborators}>
                Collaborators…
              </button>
            ),
          },
          {
            id: 'reload',
            label: 'Reload all',
            onSelect: props.onReload,
            button: (
              <button type="button" data-testid="reload" onClick={props.onReload} title="Load the whole list again">
                Reload all
              </button>
            ),
          },
          {
            id: 'study-details',
            label: 'Study details…',
            onSelect: props.onStudyDetails,
            button: (
              <button type="button" data-testid="open-study-details" onClick={props.onStudyDetails}>
                Study details…
              </button>
            ),
          },
          {
            id: 'distribution',
            label: 'Distribution report…',
            onSelect: props.onDistribution,
            button: (
              <button type="button" data-testid="open-distribution" onClick={props.onDistribution}>
                Distribution report…
              </button>
            ),
          },
          ...(props.onBinder ? [binderAction(props.onBinder)] : []),
          {
            id: 'export-study',
            label: 'Export study…',
            onSelect: props.onExportStudy,
            button: (
              <button type="button" data-testid="open-export-study" onClick={props.onExportStudy}>
                Export study…
              </button>
            ),
          },
          {
            id: 'toggle-details',
            label: showDetails ? 'Hide the details pane' : 'Show the details pane',
            onSelect: () => props.onShowDetails(!showDetails),
            button: (
              <button
                type="button"
                data-testid="toggle-details"
                aria-pressed={showDetails}
                onClick={() => props.onShowDetails(!showDetails)}
                title="Show or hide the details pane"
              >
                <PanelRight size={16} aria-hidden="true" /> Details
              </button>
            ),
          },
        ]}
      />
    </div>
  );
}
