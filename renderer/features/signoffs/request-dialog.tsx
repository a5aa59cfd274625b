// "Ask for sign-off…": the document's owner asks chosen organizations with access to sign off
// its current version with a meaning, by a due date, with a message (docs/protocol.md §10,
// requests). Main writes the request and grants it to the organizations asked.
import { useState } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import { commentProblem, type SignOffMeaning } from '../../../shared/signoffs/meanings.js';
import { shownText } from '../../../shared/shown-text.js';
import { FormError } from '../../components/common/form-error.js';
import { FormDialog } from './form-dialog.js';
import { MeaningOptions } from './meaning-options.js';
import { NoteField } from './note-field.js';
import type { RequestInput } from './use-signoffs.js';
import type { SignTarget } from './sign-off-dialog.js';

interface RequestDialogProps {
  readonly document: SignTarget;
  /** Organizations with access to the document, the owner left out. */
  readonly organizations?: readonly { readonly id: string; readonly name: string }[];
  readonly organizationsError?: AppError;
  readonly busy: boolean;
  readonly error?: AppError;
  readonly onRequest: (input: RequestInput) => void;
  readonly onClose: () => void;
  /** Today (YYYY-MM-DD, local): the earliest due date offered. */
  readonly today: string;
}

export function RequestDialog(props: RequestDialogProps) {
  const { document, organizations, busy } = props;
  const [meaning, setMeaning] = useState<SignOffMeaning>('acknowledged');
  // everyone with access, until the owner leaves some out
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [dueOn, setDueOn] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const chosen = (organizations ?? []).filter((o) => !left.has(o.id));
  const messageProblem = message.trim() ? commentProblem(message.trim()) : undefined;
  const problem = !organizations
    ? undefined
    : chosen.length === 0
      ? 'Choose at least one organization.'
      : dueOn && dueOn < props.today
        ? 'The due date has passed.'
        : messageProblem && `The message ${messageProblem}.`;

  const submit = (): void => {
    setTried(true);
    if (problem || busy || !organizations) return;
    props.onRequest({
      itemPath: document.itemPath,
      meaning,
      organizationIds: chosen.map((o) => o.id),
      ...(dueOn ? { dueOn } : {}),
      ...(message.trim() ? { message: message.trim() } : {}),
    });
  };

  return (
    <FormDialog
      title={`Ask for sign-off of ${shownText(document.name, 80)}`}
      formLabel="Ask for sign-off"
      testId="request"
      submitLabel="Ask for sign-off"
      busyLabel="Asking…"
      busy={busy}
      ready={!!organizations}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <p className="muted">
        The organizations you choose are asked to sign off this version. When the document is replaced, they are asked
        again for the new one.
      </p>
      <label className="field-label">
        Meaning
        <select
          value={meaning}
          onChange={(e) => setMeaning(e.target.value as SignOffMeaning)}
          data-testid="request-meaning"
          data-autofocus
        >
          <MeaningOptions />
        </select>
      </label>
      <fieldset data-testid="request-organizations">
        <legend>Asked of</legend>
        {props.organizationsError ? (
          <FormError
            error={props.organizationsError}
            context="Who has access could not be read."
            testId="request-organizations-error"
          />
        ) : !organizations ? (
          <p className="muted">Loading…</p>
        ) : organizations.length === 0 ? (
          <p className="muted" data-testid="request-no-organizations">
            No other organization has access to this document yet: share it first (Manage access…).
          </p>
        ) : (
          organizations.map((o) => (
            <label key={o.id} className="check">
              <input
                type="checkbox"
                checked={!left.has(o.id)}
                data-testid="request-organization"
                data-org-id={o.id}
                onChange={(e) =>
                  setLeft((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.delete(o.id);
                    else next.add(o.id);
                    return next;
                  })
                }
              />
              {shownText(o.name)}
            </label>
          ))
        )}
      </fieldset>
      <label className="field-label">
        Due date (optional)
        <input
          type="date"
          value={dueOn}
          min={props.today}
          onChange={(e) => setDueOn(e.target.value)}
          data-testid="request-due"
        />
      </label>
      <NoteField what="Message" value={message} onText={setMessage} rows={3} testId="request-message" />
      {tried && problem ? (
        <p className="warning" role="alert" data-testid="request-problem">
          {problem}
        </p>
      ) : null}
      {props.error ? <FormError error={props.error} context="No one was asked." testId="request-error" /> : null}
    </FormDialog>
  );
}
