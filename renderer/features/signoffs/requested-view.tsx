// "Sign-offs requested": what other organizations asked this one to sign off (docs/protocol.md §10,
// requests): which document, in which study, from whom, with what meaning, by when; waiting
// ones first, each with one action that shows the document and opens Sign off… for it.
import type { AppError } from '../../../shared/ipc/views.js';
import { MEANING_WORDS } from '../../../shared/signoffs/meanings.js';
import type { RequestedView } from '../../../shared/signoffs/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { formatDate } from '../../lib/format.js';
import { CloseAction, Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { dueText } from './request-status.js';

function Entry({ request, onSign }: { readonly request: RequestedView; readonly onSign?: () => void }) {
  const name = shownText(request.documentName);
  return (
    <li
      className="requested-entry"
      data-testid="requested-entry"
      data-answered={request.answered}
      data-overdue={request.overdue}
      data-path={request.itemPath}
    >
      <p className="requested-what">
        <strong data-testid="requested-name">{name}</strong>
        <span className="muted">{` in ${shownText(request.studyTitle)}`}</span>
      </p>
      <p>
        <span data-testid="requested-meaning">{MEANING_WORDS[request.meaning]}</span>
        {`, asked by ${shownText(request.from.name)} ${formatDate(request.requestedAt)} · `}
        <span data-testid="requested-due">{dueText(request.dueOn)}</span>
        {request.overdue ? (
          <span className="badge signoff-overdue" data-testid="requested-overdue">
            Overdue
          </span>
        ) : null}
      </p>
      {request.reopened && !request.answered ? (
        <p className="muted" data-testid="requested-reopened">
          Asked again: the document was replaced since you signed it off.
        </p>
      ) : null}
      {request.message ? <p className="signoff-comment">{shownText(request.message, 2000)}</p> : null}
      {onSign ? (
        <div className="row-actions">
          <button
            type="button"
            className="primary"
            data-testid="requested-sign"
            aria-label={`Show ${name} and sign it off`}
            onClick={onSign}
          >
            Show and sign off…
          </button>
        </div>
      ) : (
        <p className="muted" data-testid="requested-answered">
          Signed off: this version.
        </p>
      )}
    </li>
  );
}

interface RequestedListProps {
  readonly requests?: readonly RequestedView[];
  readonly loading: boolean;
  readonly error?: AppError;
  readonly onRetry: () => void;
  readonly onSign: (request: RequestedView) => void;
  readonly onClose: () => void;
}

export function RequestedList({ requests, loading, error, onRetry, onSign, onClose }: RequestedListProps) {
  const waiting = requests?.filter((r) => !r.answered) ?? [];
  const answered = requests?.filter((r) => r.answered) ?? [];
  return (
    <Dialog
      title="Sign-offs requested"
      onClose={onClose}
      wide
      testId="requested-dialog"
      actions={<CloseAction onClose={onClose} />}
    >
      <p className="muted">What other organizations asked you to sign off, waiting ones first.</p>
      {error ? <ErrorDisplay context="The requests could not be loaded." error={error} onRetry={onRetry} /> : null}
      {!requests && loading ? <p className="muted">Loading…</p> : null}
      {requests?.length === 0 ? (
        <p className="empty-state" data-testid="requested-empty">
          No organization has asked you to sign off a document.
        </p>
      ) : null}
      {waiting.length ? (
        <>
          <h3 className="section-title">{`Waiting for you (${waiting.length})`}</h3>
          <ul className="requested-list" aria-label="Waiting for you" data-testid="requested-waiting">
            {waiting.map((r) => (
              <Entry key={r.path} request={r} onSign={() => onSign(r)} />
            ))}
          </ul>
        </>
      ) : null}
      {answered.length ? (
        <>
          <h3 className="section-title">Answered</h3>
          <ul className="requested-list" aria-label="Answered" data-testid="requested-answered-list">
            {answered.map((r) => (
              <Entry key={r.path} request={r} />
            ))}
          </ul>
        </>
      ) : null}
    </Dialog>
  );
}
