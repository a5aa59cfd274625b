// What this app did: time, profile, action, study, item, organization and outcome; filter by
// action and text; export as CSV for monitoring visits.
import type { ActivityAction, ActivityEntry, AppError } from '../../../shared/ipc/views.js';
import { formatDate } from '../../lib/format.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { ScrollTable } from '../../components/common/scroll-table.js';
import { TextField } from '../../components/common/text-field.js';

const ACTION_LABELS: Readonly<Record<ActivityAction, string>> = {
  upload: 'Upload',
  download: 'Download',
  grant: 'Shared',
  update: 'Shared again',
  revoke: 'Access removed',
  rekey: 'Locked with a new key',
  delete: 'Delete',
  invite: 'Invitation',
  uninvite: 'Collaborator removed',
  'create-study': 'New study',
  'edit-study': 'Study details',
  admin: 'Administration',
  'export-study': 'Study exported',
  signoff: 'Sign-off',
};

// main logs a study by its title; a bare container id only when no session could name it.
const isBareId = (study: string): boolean => /^[0-9a-f]{32}$/.test(study);

interface ActivityViewProps {
  readonly entries: readonly ActivityEntry[];
  readonly loading?: boolean;
  readonly error?: AppError;
  readonly action: string;
  readonly text: string;
  readonly onAction: (action: string) => void;
  readonly onText: (text: string) => void;
  readonly exporting: boolean;
  readonly exportError?: AppError;
  readonly onExport: () => void;
  readonly onClose: () => void;
}

export function ActivityView(props: ActivityViewProps) {
  const { entries } = props;
  return (
    <Dialog
      title="Activity log"
      onClose={props.onClose}
      testId="activity-dialog"
      wide
      actions={
        <>
          <button type="button" data-testid="activity-export" disabled={props.exporting} onClick={props.onExport}>
            {props.exporting ? 'Exporting…' : 'Export CSV'}
          </button>
          <button type="button" onClick={props.onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="field-row">
        <label className="field-label">
          Action
          <select
            data-testid="activity-filter-action"
            value={props.action}
            onChange={(e) => props.onAction(e.target.value)}
          >
            <option value="">All actions</option>
            {Object.entries(ACTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label="Contains"
          type="search"
          testId="activity-filter-text"
          value={props.text}
          placeholder="Study, item, organization…"
          onText={props.onText}
        />
      </div>
      {props.error ? <ErrorDisplay context="The activity log could not be loaded." error={props.error} /> : null}
      {props.exportError ? <ErrorDisplay context="The CSV could not be exported." error={props.exportError} /> : null}
      {props.loading ? <p className="muted">Loading…</p> : null}
      {!props.loading && entries.length === 0 ? (
        <p className="muted" data-testid="activity-empty">
          {props.action || props.text ? 'Nothing matches this filter.' : 'Nothing has been done with this app yet.'}
        </p>
      ) : null}
      {entries.length ? (
        <ScrollTable
          label="Activity entries"
          columns={['Time', 'Profile', 'Action', 'Study', 'Item', 'Organization', 'Outcome']}
        >
          {entries.map((e, i) => (
            <tr
              key={`${e.time}-${i}`}
              data-testid="activity-row"
              data-action={e.action}
              className={e.ok ? '' : 'result-failed'}
            >
              <td>{formatDate(e.time)}</td>
              <td>{e.profile}</td>
              <td>{ACTION_LABELS[e.action] ?? e.action}</td>
              <td className={e.study && isBareId(e.study) ? 'mono' : undefined}>{e.study ?? '—'}</td>
              <td>{e.item ?? '—'}</td>
              <td>{e.organization ?? '—'}</td>
              <td>{e.ok ? 'Done' : `Failed${e.detail ? `: ${e.detail}` : ''}`}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
    </Dialog>
  );
}
