// A document's delivery in the details pane (docs/protocol.md §7, Receipts). Its owner sees who
// with access received it, when, and whether it was this version or an earlier one; a receiver
// sees whether its own receipt goes out (off when the profile turned receipts off). A receipt
// is the receiver's own claim: the section says so, and flags one dated before its version.
import {
  RECEIVED_BEFORE_VERSION_WORDS,
  REPORTED_BY_RECEIVER,
  STATE_WORDS,
  deliverySummary,
  type DeliveryCell,
  type ItemDelivery,
} from '../../../shared/delivery.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { formatDate } from '../../lib/format.js';
import { ErrorDisplay } from '../../components/common/error-display.js';

const ACTION_WORDS: Readonly<Record<NonNullable<DeliveryCell['action']>, string>> = {
  opened: 'opened',
  saved: 'saved',
  downloaded: 'downloaded',
};

function cellText(c: DeliveryCell): string {
  if (c.state === 'none') return 'not yet';
  return `${STATE_WORDS[c.state]}, ${c.action ? ACTION_WORDS[c.action] : 'received'} ${formatDate(c.receivedAt)}`;
}

export const SENDING_OFF_TEXT =
  'Receipts are off for this profile: owners are not told when you receive their documents.';

interface DeliverySectionProps {
  /** The owner's view: undefined while loading, or for a document another organization owns. */
  readonly delivery?: ItemDelivery;
  readonly ownedByMe: boolean;
  /** Whether this profile sends receipts (a receiver's view). */
  readonly sending?: boolean;
  readonly loading: boolean;
  readonly error?: AppError;
  readonly onRetry: () => void;
}

export function DeliverySection({ delivery, ownedByMe, sending, loading, error, onRetry }: DeliverySectionProps) {
  if (!ownedByMe) {
    return (
      <section className="delivery" aria-label="Delivery receipt" data-testid="delivery">
        <h3 className="section-title">Delivery</h3>
        <p className={sending === false ? 'warning' : 'muted'} data-testid="delivery-receiver">
          {sending === false
            ? SENDING_OFF_TEXT
            : 'When you open or save this document, its owner gets a receipt naming the version you received.'}
        </p>
      </section>
    );
  }
  // Who has not received it yet is what the owner acts on: those come first, once each.
  const cells = delivery
    ? [...delivery.cells].sort((a, b) => Number(b.state === 'none') - Number(a.state === 'none'))
    : [];
  return (
    <section className="delivery" aria-label="Delivery" data-testid="delivery">
      <h3 className="section-title">Delivery</h3>
      {error ? (
        <ErrorDisplay context="Who received this document could not be loaded." error={error} onRetry={onRetry} />
      ) : null}
      {!delivery ? (
        <p className="muted">{loading ? 'Loading…' : '—'}</p>
      ) : (
        <>
          <p data-testid="delivery-summary">{deliverySummary(delivery.cells)}</p>
          {cells.length ? (
            <ul className="delivery-list">
              {cells.map((c) => (
                <li key={c.organizationId} data-testid="delivery-org" data-state={c.state}>
                  <span className="delivery-org">{shownText(c.organizationName)}</span>: {cellText(c)}
                  {c.receivedBeforeVersion ? (
                    <strong
                      className="delivery-flag"
                      data-testid="delivery-flag"
                    >{`, ${RECEIVED_BEFORE_VERSION_WORDS}`}</strong>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {delivery.cells.some((c) => c.state !== 'none') ? (
            <p className="muted" data-testid="delivery-reported">{`Dates and versions are ${REPORTED_BY_RECEIVER}.`}</p>
          ) : null}
          {delivery.sending ? null : (
            <p className="warning" data-testid="delivery-sending-off">
              {SENDING_OFF_TEXT}
            </p>
          )}
        </>
      )}
    </section>
  );
}
