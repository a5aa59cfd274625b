// The details of the selected item: decrypted header fields, dates, owner, the three hashes, who
// has access; a structured record's content shown readably. Every field another organization
// wrote is cleaned and cut (shownText); "More" shows the type and path as sent (revealedText).
import type { ReactNode } from 'react';
import { cleanFileName, fileExtension } from '../../../shared/file-name.js';
import { asDocument } from '../../../shared/headers.js';
import type { Organization, RecordHeader } from '../../../shared/types.js';
import type { AppError, ItemDetails, ItemView } from '../../../shared/ipc/views.js';
import { revealedText, shownText } from '../../../shared/shown-text.js';
import { formatBytes, formatDate } from '../../lib/format.js';
import { humanizeKey } from './record-format.js';
import { itemKind, itemLabel, itemType } from '../../lib/rows.js';
import { KindIcon } from '../../components/common/kind-icon.js';
import { ErrorBoundary } from '../../components/common/error-boundary.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { FoldingActions, type FoldAction } from '../../components/common/folding-actions.js';
import { RecordView } from './record-view.js';
import { binderColumns } from '../binder/row-fields.js';

interface DetailsPaneProps {
  readonly item?: ItemView;
  readonly details?: ItemDetails;
  readonly detailsError?: AppError;
  readonly loading: boolean;
  readonly ownerName: string;
  readonly record?: { header: RecordHeader; content: unknown };
  readonly recordError?: AppError;
  readonly selectionCount: number;
  readonly onRetry: () => void;
  readonly onOpen?: () => void;
  readonly onSaveAs?: () => void;
  readonly onManageAccess?: () => void;
  /** Rename… (only for a document the profile owns: rename-entry.ts's rule). */
  readonly onRename?: () => void;
  /** Who received the document (its owner) or whether a receipt goes out (a receiver). */
  readonly delivery?: ReactNode;
  /** What the document is (decisions §8): expiry, person, version label, Describe…. */
  readonly binder?: ReactNode;
  /** The document's sign-offs and requests (features/signoffs). */
  readonly signOffs?: ReactNode;
}

function withoutExtension(name: string): string {
  const ext = fileExtension(name);
  return ext ? name.slice(0, name.length - ext.length) : name;
}

/** What shows up front: the title when it says more than the file name, size; the rest goes under "More". */
function headerRows(header: RecordHeader, shownName: string): [string, string][] {
  const d = asDocument(header);
  if (d) {
    const original =
      d.fileName && cleanFileName(d.fileName) !== d.fileName
        ? [['Original name', revealedText(d.fileName)] as [string, string]]
        : [];
    const rows: [string, string][] = [];
    const title = d.name ? cleanFileName(d.name) : '';
    const fileName = d.fileName ? cleanFileName(d.fileName) : '';
    if (title && title !== shownName && title !== withoutExtension(shownName)) rows.push(['Title', title]);
    if (fileName && fileName !== shownName) rows.push(['File name', fileName]);
    rows.push(...original, ['Size', formatBytes(d.size)]);
    return rows;
  }
  const rows: [string, string][] = [];
  for (const [key, value] of Object.entries(header)) {
    if (
      key === 'type' ||
      key === 'version' ||
      (key === 'name' && typeof value === 'string' && shownText(value) === shownName)
    )
      continue;
    rows.push([shownText(humanizeKey(key), 60), shownText(typeof value === 'object' ? JSON.stringify(value) : value)]);
  }
  return rows;
}

/** One of the pane's actions: a button while the pane is wide enough, else an entry of its "…" menu. */
function paneAction(id: string, label: string, onSelect: () => void): FoldAction {
  return {
    id,
    label,
    onSelect,
    button: (
      <button type="button" onClick={onSelect} data-testid={id}>
        {label}
      </button>
    ),
  };
}

function accessNames(access: readonly Organization[]): string {
  return access.map((o) => o.name).join(', ');
}

/** The pane, kept inside the window when something in it cannot be shown. */
export function DetailsPane(props: DetailsPaneProps) {
  return (
    <ErrorBoundary
      resetKey={`${props.item?.path ?? ''}\n${props.item?.headerHash ?? ''}`}
      fallback={(error, reset) => (
        <aside className="details-pane" aria-label="Details" data-testid="details-pane">
          <p className="warning">The details of this item could not be shown: {shownText(error.message)}</p>
          <button type="button" onClick={reset}>
            Try again
          </button>
        </aside>
      )}
    >
      <PaneContent {...props} />
    </ErrorBoundary>
  );
}

function PaneContent(props: DetailsPaneProps) {
  const { item, details, detailsError, loading, ownerName, record, recordError, selectionCount } = props;
  if (!item) {
    return (
      <aside className="details-pane" aria-label="Details" data-testid="details-pane">
        <p className="muted">
          {selectionCount > 1 ? `${selectionCount} selected.` : 'Select a document or record to see its details.'}
        </p>
      </aside>
    );
  }
  const shown = details?.item ?? item;
  const header = shown.decryptedHeader;
  const name = shownText(itemLabel(shown, shown.path));
  const document = header ? asDocument(header) : undefined;
  return (
    <aside className="details-pane" aria-label="Details" data-testid="details-pane">
      <h2 className="details-title" data-testid="details-name">
        <KindIcon kind={itemKind(shown)} size={18} />
        <span>{name}</span>
      </h2>
      <FoldingActions
        className="details-actions"
        moreTestId="details-actions-more"
        moreLabel="More actions for this item"
        moreText=""
        moreButtonLabel="More actions for this item"
        actions={[
          ...(props.onOpen ? [paneAction('details-open', 'Open', props.onOpen)] : []),
          ...(props.onManageAccess
            ? [
                // another organization's item: its access list, read-only (manage-access-view.tsx)
                paneAction(
                  'details-manage-access',
                  shown.ownedByMe ? 'Manage access…' : 'Who has access…',
                  props.onManageAccess,
                ),
              ]
            : []),
          ...(props.onSaveAs ? [paneAction('details-save-as', 'Save as…', props.onSaveAs)] : []),
          ...(props.onRename ? [paneAction('details-rename', 'Rename…', props.onRename)] : []),
        ]}
      />
      {shown.headerProblem ? <p className="warning">The header could not be read: {shown.headerProblem}</p> : null}
      <dl className="details-fields">
        <div className="field">
          <dt>Type</dt>
          <dd data-testid="detail-type">{binderColumns(shown, itemType(shown)).type}</dd>
        </div>
        {header
          ? headerRows(header, name).map(([label, value], i) => (
              <div key={`${label}-${i}`} className="field">
                <dt>{label}</dt>
                <dd data-testid={`detail-${label.toLowerCase().replace(/\s+/g, '-')}`}>{value}</dd>
              </div>
            ))
          : null}
        <div className="field">
          <dt>Created</dt>
          <dd>{formatDate(shown.createdAt)}</dd>
        </div>
        <div className="field">
          <dt>Updated</dt>
          <dd>{formatDate(shown.updatedAt)}</dd>
        </div>
        <div className="field">
          <dt>Owner</dt>
          <dd>{shown.ownedByMe ? `${ownerName} (you)` : ownerName}</dd>
        </div>
        <div className="field">
          <dt>Who has access</dt>
          <dd data-testid="detail-access">
            {details
              ? `${details.access.length} organization${details.access.length === 1 ? '' : 's'}: ${accessNames(details.access)}`
              : loading
                ? 'Loading…'
                : '—'}
          </dd>
        </div>
      </dl>
      {props.binder}
      {props.delivery}
      {props.signOffs}
      <details className="details-more" data-testid="details-more">
        <summary>More</summary>
        <dl className="details-fields">
          {document ? (
            <div className="field">
              <dt>Media type</dt>
              <dd data-testid="detail-media-type">{document.mediaType ? revealedText(document.mediaType) : '—'}</dd>
            </div>
          ) : null}
          {header ? (
            <div className="field">
              <dt>Record type</dt>
              <dd data-testid="detail-record-type">{`${revealedText(header.type)} (version ${revealedText(header.version)})`}</dd>
            </div>
          ) : null}
          {(
            [
              ['Item path', revealedText(shown.path), 'detail-path'],
              ['Owner id', shown.ownerId],
              ['Header hash', shown.headerHash],
              ['Content hash', shown.contentHash],
              ['Key hash', shown.keyHash],
            ] as const
          ).map(([label, value, testId]) => (
            <div key={label} className="field">
              <dt>{label}</dt>
              <dd className="mono" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </details>
      {detailsError ? (
        <ErrorDisplay context="The details could not be loaded." error={detailsError} onRetry={props.onRetry} />
      ) : null}
      {record ? (
        <ErrorBoundary
          resetKey={record.content}
          fallback={(error) => (
            <p className="warning">The record&apos;s content could not be shown: {shownText(error.message)}</p>
          )}
        >
          <RecordView content={record.content} />
        </ErrorBoundary>
      ) : null}
      {recordError ? (
        <ErrorDisplay context="The record could not be read." error={recordError} onRetry={props.onRetry} />
      ) : null}
    </aside>
  );
}
