// The details of the selected item: decrypted header fields, dates, owner, the three hashes, who
// has access; a structured record's content shown readably.
import { cleanFileName, revealHidden } from '../../../shared/file-name.js';
import { asDocument } from '../../../shared/headers.js';
import type { Organization, RecordHeader } from '../../../shared/types.js';
import type { AppError, ItemDetails, ItemView } from '../../../shared/ipc/views.js';
import { formatBytes, formatDate } from '../../lib/format.js';
import { humanizeKey } from '../../lib/record-format.js';
import { ErrorDisplay } from '../common/error-display.js';
import { RecordView } from './record-view.js';

export interface DetailsPaneProps {
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
}

function headerRows(header: RecordHeader): [string, string][] {
  const d = asDocument(header);
  if (d) {
    const original = d.fileName && cleanFileName(d.fileName) !== d.fileName ? [['Original name', revealHidden(d.fileName)] as [string, string]] : [];
    return [
      ['Title', d.name ? cleanFileName(d.name) : '—'],
      ['File name', d.fileName ? cleanFileName(d.fileName) : '—'],
      ...original,
      ['Media type', d.mediaType || '—'],
      ['Size', formatBytes(d.size)],
      ['Type', `${d.type} (version ${d.version})`],
    ];
  }
  const rows: [string, string][] = [['Type', `${header.type} (version ${header.version})`]];
  for (const [key, value] of Object.entries(header)) {
    if (key === 'type' || key === 'version') continue;
    rows.push([humanizeKey(key), typeof value === 'object' ? JSON.stringify(value) : String(value)]);
  }
  return rows;
}

function accessNames(access: readonly Organization[]): string {
  return access.map((o) => o.name).join(', ');
}

export function DetailsPane(props: DetailsPaneProps) {
  const { item, details, detailsError, loading, ownerName, record, recordError, selectionCount } = props;
  if (!item) {
    return (
      <aside className="details-pane" aria-label="Details" data-testid="details-pane">
        <p className="muted">{selectionCount > 1 ? `${selectionCount} selected.` : 'Select a document or record to see its details.'}</p>
      </aside>
    );
  }
  const shown = details?.item ?? item;
  const header = shown.decryptedHeader;
  return (
    <aside className="details-pane" aria-label="Details" data-testid="details-pane">
      <h2 className="details-title">{header && typeof header.name === 'string' && header.name ? cleanFileName(header.name, shown.path) : shown.path}</h2>
      <div className="details-actions">
        {props.onOpen ? (
          <button type="button" onClick={props.onOpen} data-testid="details-open">
            Open
          </button>
        ) : null}
        {props.onSaveAs ? (
          <button type="button" onClick={props.onSaveAs} data-testid="details-save-as">
            Save as…
          </button>
        ) : null}
        {props.onManageAccess ? (
          <button type="button" onClick={props.onManageAccess} data-testid="details-manage-access">
            Manage access…
          </button>
        ) : null}
      </div>
      {shown.headerProblem ? <p className="warning">The header could not be read: {shown.headerProblem}</p> : null}
      <dl className="details-fields">
        {header
          ? headerRows(header).map(([label, value]) => (
              <div key={label} className="field">
                <dt>{label}</dt>
                <dd data-testid={`detail-${label.toLowerCase().replace(/\s+/g, '-')}`}>{value}</dd>
              </div>
            ))
          : null}
        <div className="field">
          <dt>Path</dt>
          <dd>{shown.path}</dd>
        </div>
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
            {details ? `${details.access.length} organization${details.access.length === 1 ? '' : 's'}: ${accessNames(details.access)}` : loading ? 'Loading…' : '—'}
          </dd>
        </div>
      </dl>
      <details className="hashes">
        <summary>Hashes (SHA-256)</summary>
        <dl>
          <dt>Header</dt>
          <dd className="mono">{shown.headerHash}</dd>
          <dt>Content</dt>
          <dd className="mono">{shown.contentHash}</dd>
          <dt>Key</dt>
          <dd className="mono">{shown.keyHash}</dd>
        </dl>
      </details>
      {detailsError ? <ErrorDisplay context="The details could not be loaded." error={detailsError} onRetry={props.onRetry} /> : null}
      {record ? <RecordView content={record.content} /> : null}
      {recordError ? <ErrorDisplay context="The record could not be read." error={recordError} onRetry={props.onRetry} /> : null}
    </aside>
  );
}
