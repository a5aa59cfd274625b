// The study's distribution report (docs/protocol.md §7, Receipts): every document the profile
// owns × every organization with access, this version / earlier version / not yet, and beside
// each its sign-off (issue 36); sortable by any column, filtered by document, organization and
// state, exported as CSV. "Not yet" is what to act on, so it is the strong state (issue 38 point
// 6). The state is written out in each cell, never shown by colour alone. A row reveals its document.
import { useMemo, useState } from 'react';
import {
  folderOf,
  RECEIVED_BEFORE_VERSION_WORDS,
  REPORTED_BY_RECEIVER,
  signOffOf,
  signOffWords,
  type DeliveryCell,
  type DeliveryState,
  type DistributionReport,
} from '../../../shared/delivery.js';
import type { AppError } from '../../../shared/ipc/views.js';
import type { SignOffView } from '../../../shared/signoffs/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { formatDate } from '../../lib/format.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { SENDING_OFF_TEXT } from './delivery-section.js';

/** 'name', 'folder', 'updated', 'received' (count of organizations with any version), or an organization id. */
type SortColumn = string;
interface Sort {
  readonly column: SortColumn;
  readonly direction: 'asc' | 'desc';
}

const RANK: Readonly<Record<DeliveryCell['state'], number>> = { this: 2, earlier: 1, none: 0 };
const receivedCount = (cells: readonly (DeliveryCell | undefined)[]): number =>
  cells.filter((c) => c && c.state !== 'none').length;

function sortedRows(report: DistributionReport, sort: Sort): DistributionReport['rows'] {
  const column = report.organizations.findIndex((o) => o.id === sort.column);
  const key = (r: DistributionReport['rows'][number]): number | string => {
    if (sort.column === 'name') return r.name.toLocaleLowerCase();
    if (sort.column === 'folder') return folderOf(r.itemPath).toLocaleLowerCase();
    if (sort.column === 'updated') return r.updatedAt;
    if (sort.column === 'received') return receivedCount(r.cells);
    const cell = r.cells[column];
    return cell ? RANK[cell.state] : -1;
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...report.rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (
      (ka < kb ? -1 : ka > kb ? 1 : 0) * sign || a.name.localeCompare(b.name) || a.itemPath.localeCompare(b.itemPath)
    );
  });
}

/** A cell's state as the filter names it: a delivery state, or no access. */
type CellState = DeliveryState | 'no-access';
const cellState = (c: DeliveryCell | undefined): CellState => c?.state ?? 'no-access';
const CELL_WORDS: Readonly<Record<CellState, string>> = {
  none: 'Not yet',
  earlier: 'Earlier version',
  this: 'This version',
  'no-access': 'No access',
};
/** Where a document's folder is the study's top. */
export const TOP_FOLDER = 'Top of the study';

export interface ReportFilter {
  /** Part of a document's name or folder. */
  readonly text: string;
  /** An organization id, or '' for any. */
  readonly organization: string;
  /** A cell state, or '' for any. */
  readonly state: CellState | '';
}

/** The rows the filter keeps: the text in the name or folder, and the state in that organization's cell (or any). */
export function filteredRows(
  report: DistributionReport,
  rows: DistributionReport['rows'],
  filter: ReportFilter,
): DistributionReport['rows'] {
  const text = filter.text.trim().toLocaleLowerCase();
  const column = report.organizations.findIndex((o) => o.id === filter.organization);
  return rows.filter((r) => {
    if (text && !`${r.name}\n${folderOf(r.itemPath)}`.toLocaleLowerCase().includes(text)) return false;
    const cells = column >= 0 ? [r.cells[column]] : r.cells;
    if (filter.state) return cells.some((c) => cellState(c) === filter.state);
    return column < 0 || cells[0] !== undefined;
  });
}

interface DistributionReportViewProps {
  readonly report?: DistributionReport;
  readonly loading: boolean;
  readonly error?: AppError;
  readonly onRetry: () => void;
  readonly onExport: () => void;
  /** Whether this profile sends receipts itself (switched in Settings). */
  readonly sending?: boolean;
  /** Each document's sign-offs by item path (as the details pane reads them), once read. */
  readonly signOffs?: ReadonlyMap<string, readonly SignOffView[]>;
  /** Shows the document in the file browser. */
  readonly onReveal: (itemPath: string) => void;
  readonly onClose: () => void;
}

function SignOffLine({ signOff }: { readonly signOff: SignOffView | undefined }) {
  if (!signOff) return null;
  return (
    <span
      className={signOff.valid ? 'report-signoff' : 'report-signoff report-signoff-invalid'}
      data-testid="report-signoff"
      data-valid={signOff.valid}
      data-version={signOff.thisVersion ? 'this' : 'earlier'}
    >
      {signOff.valid ? null : <span aria-hidden="true">✗ </span>}
      {`Signed off: ${signOffWords(signOff)}`}
    </span>
  );
}

export function DistributionReportView(props: DistributionReportViewProps) {
  const { report } = props;
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'asc' });
  const [filter, setFilter] = useState<ReportFilter>({ text: '', organization: '', state: '' });
  const sorted = useMemo(() => (report ? sortedRows(report, sort) : []), [report, sort]);
  const rows = useMemo(() => (report ? filteredRows(report, sorted, filter) : []), [report, sorted, filter]);
  const sortBy = (column: SortColumn) =>
    setSort((s) =>
      s.column === column
        ? { column, direction: s.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    );
  const header = (column: SortColumn, label: string) => (
    <th
      scope="col"
      aria-sort={sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className="sort-button"
        data-testid={`report-sort-${column}`}
        onClick={() => sortBy(column)}
      >
        {label}
        <span aria-hidden="true">{sort.column === column ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
  return (
    <Dialog
      title="Distribution report"
      onClose={props.onClose}
      testId="distribution-report"
      wide
      actions={
        <>
          <button type="button" data-testid="report-export" disabled={!report} onClick={props.onExport}>
            Export CSV
          </button>
          <button type="button" onClick={props.onClose}>
            Close
          </button>
        </>
      }
    >
      <p className="muted">
        Every document you own in this study, and whether each organization with access received this version, an
        earlier one, or none yet, as {REPORTED_BY_RECEIVER} in its receipt.
      </p>
      {props.sending === false ? (
        <p className="warning" data-testid="report-sending-off">
          {SENDING_OFF_TEXT} (Settings, Delivery receipts)
        </p>
      ) : null}
      {props.error ? (
        <ErrorDisplay context="The report could not be made." error={props.error} onRetry={props.onRetry} />
      ) : null}
      {props.loading && !report ? <p className="muted">Loading…</p> : null}
      {report && report.rows.length === 0 ? (
        <p className="muted" data-testid="report-empty">
          You own no documents in this study yet.
        </p>
      ) : null}
      {report && report.rows.length ? (
        <div className="report-filter" role="search" aria-label="Filter the report">
          <label className="field-label">
            Document or folder
            <input
              type="search"
              data-testid="report-filter-text"
              value={filter.text}
              onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
            />
          </label>
          <label className="field-label">
            Organization
            <select
              data-testid="report-filter-organization"
              value={filter.organization}
              onChange={(e) => setFilter((f) => ({ ...f, organization: e.target.value }))}
            >
              <option value="">Any</option>
              {report.organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {shownText(o.name)}
                </option>
              ))}
            </select>
          </label>
          <label className="field-label">
            State
            <select
              data-testid="report-filter-state"
              value={filter.state}
              onChange={(e) => setFilter((f) => ({ ...f, state: e.target.value as ReportFilter['state'] }))}
            >
              <option value="">Any</option>
              {(['none', 'earlier', 'this', 'no-access'] as const).map((st) => (
                <option key={st} value={st}>
                  {CELL_WORDS[st]}
                </option>
              ))}
            </select>
          </label>
          <p className="muted report-count" role="status" data-testid="report-count">
            {rows.length === report.rows.length
              ? `${rows.length} document${rows.length === 1 ? '' : 's'}`
              : `${rows.length} of ${report.rows.length} documents`}
          </p>
        </div>
      ) : null}
      {report && report.rows.length && rows.length === 0 ? (
        <p className="muted" data-testid="report-none-match">
          No document matches the filter.
        </p>
      ) : null}
      {report && rows.length ? (
        <div className="table-scroll" role="region" aria-label="Distribution of your documents" tabIndex={0}>
          <table className="activity-table" data-testid="report-table">
            <thead>
              <tr>
                {header('name', 'Document')}
                {header('folder', 'Folder')}
                {header('updated', 'Updated')}
                {header('received', 'Received by')}
                {report.organizations.map((o) => (
                  <th
                    key={o.id}
                    scope="col"
                    aria-sort={sort.column === o.id ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      data-testid="report-sort-org"
                      onClick={() => sortBy(o.id)}
                    >
                      {shownText(o.name)}
                      <span aria-hidden="true">
                        {sort.column === o.id ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const withAccess = r.cells.filter((c) => c).length;
                return (
                  <tr
                    key={r.itemPath}
                    data-testid="report-row"
                    data-path={r.itemPath}
                    className="report-row"
                    onClick={() => props.onReveal(r.itemPath)}
                  >
                    <th scope="row">
                      {/* the row's click, reachable by keyboard: the name is its button */}
                      <button
                        type="button"
                        className="link report-reveal"
                        data-testid="report-reveal"
                        title="Show the document in the study"
                        onClick={(e) => {
                          e.stopPropagation();
                          props.onReveal(r.itemPath);
                        }}
                      >
                        {shownText(r.name)}
                      </button>
                    </th>
                    <td data-testid="report-folder">{shownText(folderOf(r.itemPath), 200, TOP_FOLDER)}</td>
                    <td>{formatDate(r.updatedAt)}</td>
                    <td>{`${receivedCount(r.cells)} of ${withAccess}`}</td>
                    {r.cells.map((c, i) => {
                      const org = report.organizations[i]!;
                      return (
                        <td
                          key={org.id}
                          data-testid="report-cell"
                          data-state={c?.state ?? 'no-access'}
                          title={
                            c?.receivedAt
                              ? `${c.action ?? 'received'} ${formatDate(c.receivedAt)} (${REPORTED_BY_RECEIVER})`
                              : undefined
                          }
                        >
                          <span
                            className={c?.state === 'none' ? 'report-state state-not-yet' : 'report-state'}
                            data-testid="report-state"
                          >
                            {c?.state === 'none' ? <span aria-hidden="true">● </span> : null}
                            {CELL_WORDS[cellState(c)]}
                          </span>
                          {c?.receivedBeforeVersion ? (
                            <strong
                              className="delivery-flag"
                              data-testid="report-flag"
                            >{`, ${RECEIVED_BEFORE_VERSION_WORDS}`}</strong>
                          ) : null}
                          {c ? <SignOffLine signOff={signOffOf(props.signOffs?.get(r.itemPath), org.id)} /> : null}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </Dialog>
  );
}
