// The owner's requests for a document's sign-off, in the details pane: what was asked, of whom, by
// when; who answered (a valid sign-off of the current version with that meaning), who has not,
// and whether it is overdue or asked again since the document was replaced. States are words.
import type { AppError } from '../../../shared/ipc/views.js';
import { MEANING_WORDS } from '../../../shared/signoffs/meanings.js';
import type { SignOffRequestView } from '../../../shared/signoffs/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { formatDate, formatDay } from '../../lib/format.js';
import { ErrorDisplay } from '../../components/common/error-display.js';

/** "due 5 Dec 2026", read as the calendar day it names (no zone shift). */
export function dueText(dueOn: string | undefined): string {
  return dueOn ? `due ${formatDay(`${dueOn}T12:00:00`)}` : 'no due date';
}

function summary(r: SignOffRequestView): string {
  const answered = r.organizations.filter((o) => o.answered).length;
  return `${answered} of ${r.organizations.length} answered`;
}

export function RequestStatus({ request }: { readonly request: SignOffRequestView }) {
  return (
    <li
      className="signoff-request"
      data-testid="signoff-request"
      data-answered={request.answered}
      data-overdue={request.overdue}
      data-reopened={request.reopened}
    >
      <p>
        <strong>{MEANING_WORDS[request.meaning]}</strong>
        {` · asked ${formatDate(request.requestedAt)} · ${dueText(request.dueOn)} · `}
        <span data-testid="signoff-request-summary">{summary(request)}</span>
        {request.overdue ? (
          <span className="badge signoff-overdue" data-testid="signoff-request-overdue">
            Overdue
          </span>
        ) : null}
      </p>
      {request.reopened ? (
        <p className="muted" data-testid="signoff-request-reopened">
          Asked again: the document was replaced, so earlier sign-offs answer for an earlier version.
        </p>
      ) : null}
      <ul className="signoff-request-orgs">
        {request.organizations.map((o) => (
          <li key={o.id} data-testid="signoff-request-org" data-answered={o.answered}>
            <span className="signoff-name">{shownText(o.name)}</span>
            {o.answered ? `: signed off${o.signedAt ? ` ${formatDate(o.signedAt)}` : ''}` : ': not yet'}
          </li>
        ))}
      </ul>
      {request.message ? <p className="signoff-comment">{shownText(request.message, 2000)}</p> : null}
    </li>
  );
}

interface RequestsStatusProps {
  readonly requests?: readonly SignOffRequestView[];
  readonly error?: AppError;
  readonly onRetry: () => void;
}

export function RequestsStatus({ requests, error, onRetry }: RequestsStatusProps) {
  if (error) return <ErrorDisplay context="Your requests could not be loaded." error={error} onRetry={onRetry} />;
  if (!requests?.length) return null;
  return (
    <div className="signoff-requests" data-testid="signoff-requests">
      <h4 className="signoff-subtitle">Requested</h4>
      <ul className="signoff-list">
        {requests.map((r) => (
          <RequestStatus key={r.path} request={r} />
        ))}
      </ul>
    </div>
  );
}
