// Expiring, across studies (slot 'expiring'): every document in every study that expires within
// the warning period (Preferences: 30, 60 or 90 days) or has expired, soonest first. A row shows
// the document in its study. The state is in words ("expired 3 days ago", "expires in 14 days").
import type { ExpiringDocument, ExpiringView } from '../../../shared/binder/views.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { toAppError } from '../../bridge/api.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { requestReveal } from '../../lib/reveal.js';
import { Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { ScrollTable } from '../../components/common/scroll-table.js';
import { formatCalendarDay, inDays } from './status-words.js';
import { useExpiring } from './use-binder.js';
import './binder.css';

export function expiryWords(d: Pick<ExpiringDocument, 'daysLeft' | 'expired'>): string {
  if (d.expired) return `expired ${inDays(d.daysLeft)}`;
  return d.daysLeft === 0 ? 'expires today' : `expires ${inDays(d.daysLeft)}`;
}

interface ExpiringListProps {
  readonly view?: ExpiringView;
  readonly loading: boolean;
  readonly error?: AppError;
  readonly onRetry: () => void;
  readonly onShow: (d: ExpiringDocument) => void;
}

export function ExpiringList({ view, loading, error, onRetry, onShow }: ExpiringListProps) {
  return (
    <div className="expiring-view" data-testid="expiring-view">
      {error ? (
        <ErrorDisplay context="The expiring documents could not be listed." error={error} onRetry={onRetry} />
      ) : null}
      {loading && !view ? <p className="muted">Loading…</p> : null}
      {view ? (
        <p className="muted">
          {`Documents in all studies that have expired or expire within ${view.withinDays} days (the warning period in Settings › Preferences).`}
          {view.pendingStudies
            ? ` ${view.pendingStudies} ${view.pendingStudies === 1 ? 'study is' : 'studies are'} not listed yet.`
            : ''}
        </p>
      ) : null}
      {view && view.documents.length === 0 ? (
        <p className="muted" data-testid="expiring-empty">
          Nothing has expired or expires within the warning period.
        </p>
      ) : null}
      {view?.documents.length ? (
        <ScrollTable
          label="Expiring documents"
          testId="expiring-table"
          columns={['Document', 'Expires', 'Type', 'Person', 'Study', 'From']}
        >
          {view.documents.map((d) => (
            <tr
              key={`${d.containerId}/${d.path}`}
              data-testid="expiring-row"
              data-state={d.expired ? 'expired' : 'expiring'}
            >
              <th scope="row">
                <button type="button" className="link-button" onClick={() => onShow(d)}>
                  {shownText(d.name)}
                </button>
              </th>
              <td className={d.expired ? 'expiry-expired' : 'expiry-soon'}>
                <span className="expiry-words">{expiryWords(d)}</span>{' '}
                <span className="muted">{formatCalendarDay(d.expiresOn)}</span>
              </td>
              <td>{d.typeName ? shownText(d.typeName) : '—'}</td>
              <td>{d.person ? shownText(d.person.name) : '—'}</td>
              <td>{shownText(d.studyTitle)}</td>
              <td>{d.ownedByMe ? 'You' : shownText(d.ownerName)}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
    </div>
  );
}

export function ExpiringDialog({ context, onClose }: SlotDialogProps) {
  const expiring = useExpiring(context.profileId);
  return (
    <Dialog
      title="Expiring documents"
      onClose={onClose}
      testId="expiring-dialog"
      wide
      actions={
        <button type="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <ExpiringList
        view={expiring.data}
        loading={expiring.isFetching}
        error={expiring.error ? toAppError(expiring.error) : undefined}
        onRetry={() => void expiring.refetch()}
        onShow={(d) => {
          requestReveal({ containerId: d.containerId, itemPaths: [d.path] });
          onClose();
        }}
      />
    </Dialog>
  );
}
