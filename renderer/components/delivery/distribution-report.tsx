// The study's distribution report (docs/protocol.md §7, Receipts): every document the profile
// owns × every organization with access, this version / earlier version / not yet; sortable by
// any column, exported as CSV. The state is written out in each cell, never shown by colour alone.
import { useMemo, useState } from 'react';
import {
  RECEIVED_BEFORE_VERSION_WORDS,
  REPORTED_BY_RECEIVER,
  STATE_WORDS,
  type DeliveryCell,
  type DistributionReport,
} from '../../../shared/delivery.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { formatDate } from '../../lib/format.js';
import { Dialog } from '../common/dialog.js';
import { ErrorDisplay } from '../common/error-display.js';
import { SENDING_OFF_TEXT } from './delivery-section.js';

/** 'name', 'updated', 'received' (count of organizations with any version), or an organization id. */
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

interface DistributionReportViewProps {
  readonly report?: DistributionReport;
  readonly loading: boolean;
  readonly error?: AppError;
  readonly onRetry: () => void;
  readonly onExport: () => void;
  readonly sending?: boolean;
  readonly onSending: (sending: boolean) => void;
  readonly settingError?: AppError;
  readonly onClose: () => void;
}

export function DistributionReportView(props: DistributionReportViewProps) {
  const { report } = props;
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'asc' });
  const rows = useMemo(() => (report ? sortedRows(report, sort) : []), [report, sort]);
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
      <label className="check">
        <input
          type="checkbox"
          data-testid="report-sending"
          checked={props.sending ?? true}
          disabled={props.sending === undefined}
          onChange={(e) => props.onSending(e.target.checked)}
        />
        Send receipts for documents this profile receives
      </label>
      {props.sending === false ? (
        <p className="warning" data-testid="report-sending-off">
          {SENDING_OFF_TEXT}
        </p>
      ) : null}
      {props.settingError ? (
        <ErrorDisplay context="The receipts setting could not be changed." error={props.settingError} />
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
        <div className="table-scroll" role="region" aria-label="Distribution of your documents" tabIndex={0}>
          <table className="activity-table" data-testid="report-table">
            <thead>
              <tr>
                {header('name', 'Document')}
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
                  <tr key={r.itemPath} data-testid="report-row" data-path={r.itemPath}>
                    <th scope="row">{shownText(r.name)}</th>
                    <td>{formatDate(r.updatedAt)}</td>
                    <td>{`${receivedCount(r.cells)} of ${withAccess}`}</td>
                    {r.cells.map((c, i) => (
                      <td
                        key={report.organizations[i]!.id}
                        data-testid="report-cell"
                        data-state={c?.state ?? 'no-access'}
                        title={
                          c?.receivedAt
                            ? `${c.action ?? 'received'} ${formatDate(c.receivedAt)} (${REPORTED_BY_RECEIVER})`
                            : undefined
                        }
                      >
                        {c ? STATE_WORDS[c.state] : 'no access'}
                        {c?.receivedBeforeVersion ? (
                          <strong
                            className="delivery-flag"
                            data-testid="report-flag"
                          >{`, ${RECEIVED_BEFORE_VERSION_WORDS}`}</strong>
                        ) : null}
                      </td>
                    ))}
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
