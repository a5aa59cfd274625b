// Settings, per collaborator: the certificate the profile accepted for it, its SHA-256
// fingerprint in groups of four to read aloud, and whether someone compared it out of band
// ("compared by phone with Riverside's coordinator"). An unverified one gets a quiet mark, not a
// nag; "Mark as verified…" records how it was compared (an empty note removes the mark).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CollaboratorPinView } from '../../../shared/ipc/contract/trust.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { groupFingerprint } from '../../../shared/trust/fingerprint.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { formatDate } from '../../lib/format.js';
import { toAppError } from '../../bridge/api.js';
import { useCollaboratorPins, useMarkVerified } from './use-trust.js';
import './trust.css';

export interface CollaboratorPinsProps {
  readonly collaborators: readonly CollaboratorPinView[] | undefined;
  readonly loading: boolean;
  readonly error?: AppError;
  /** The organization whose mark is being saved. */
  readonly saving?: string;
  /** Why the last mark of that organization was not saved. */
  readonly saveError?: { readonly organizationId: string; readonly error: AppError };
  readonly onMarkVerified: (organizationId: string, note: string) => void;
}

function VerifyForm({
  c,
  onSave,
  onCancel,
}: {
  readonly c: CollaboratorPinView;
  readonly onSave: (note: string) => void;
  readonly onCancel: () => void;
}) {
  const [note, setNote] = useState(c.verified?.note ?? '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const id = `verify-note-${c.organizationId}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(note.trim());
  };
  return (
    <form className="trust-verify-form" onSubmit={submit} data-testid="verify-form">
      <label htmlFor={id}>How did you compare the fingerprint with {c.name}?</label>
      <input
        ref={input}
        id={id}
        type="text"
        maxLength={500}
        value={note}
        placeholder={`compared by phone with ${c.name}’s coordinator`}
        data-testid="verify-note"
        onChange={(e) => setNote(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onCancel();
          }
        }}
      />
      {c.verified ? <p className="muted">Leave it empty to remove the mark.</p> : null}
      <div className="trust-verify-actions">
        <button type="submit" data-testid="verify-save" disabled={!c.verified && note.trim() === ''}>
          {c.verified && note.trim() === '' ? 'Remove the mark' : 'Mark as verified'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Collaborator({
  c,
  saving,
  error,
  onMarkVerified,
}: {
  readonly c: CollaboratorPinView;
  readonly saving: boolean;
  readonly error?: AppError;
  readonly onMarkVerified: (note: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // back where the user was
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <li className="profile-entry trust-pin" data-testid="collaborator-pin" data-organization-id={c.organizationId}>
      <p>
        <strong>{c.name}</strong>{' '}
        {c.verified ? (
          <span className="badge trust-verified" data-testid="pin-verified">
            Verified
          </span>
        ) : (
          <span className="muted trust-unverified" data-testid="pin-unverified">
            not verified
          </span>
        )}
      </p>
      <dl className="kv">
        <dt>Certificate</dt>
        <dd>{c.subject}</dd>
        <dt>SHA-256 fingerprint</dt>
        <dd className="mono trust-fingerprint" data-testid="pin-fingerprint">
          {groupFingerprint(c.sha256)}
        </dd>
        <dt>Accepted</dt>
        <dd>
          {formatDate(c.acceptedAt)} {c.how === 'first-use' ? '(the first one seen)' : '(approved by you)'}
        </dd>
        {c.verified ? (
          <>
            <dt>Verified</dt>
            <dd data-testid="pin-verified-note">
              {c.verified.note} ({formatDate(c.verified.at)})
            </dd>
          </>
        ) : null}
      </dl>
      {open ? (
        <VerifyForm
          c={c}
          onCancel={close}
          onSave={(note) => {
            onMarkVerified(note);
            close();
          }}
        />
      ) : (
        <button
          ref={opener}
          type="button"
          data-testid="pin-mark-verified"
          disabled={saving}
          onClick={() => setOpen(true)}
        >
          {saving ? 'Saving…' : c.verified ? 'Change…' : 'Mark as verified…'}
        </button>
      )}
      {error ? <ErrorDisplay context="The mark was not saved." error={error} /> : null}
    </li>
  );
}

export function CollaboratorPins(props: CollaboratorPinsProps) {
  const list = props.collaborators ?? [];
  return (
    <div className="trust-pins" data-testid="collaborator-pins">
      <h4 className="section-title">Accepted certificates</h4>
      <p className="muted">
        Documents are shared only with the certificate accepted for each organization. Read the fingerprint to its
        coordinator over the phone (or another way that does not go through the exchange) and mark it verified.
      </p>
      {props.loading ? <p className="muted">Reading the accepted certificates…</p> : null}
      {props.error ? <ErrorDisplay context="The accepted certificates could not be read." error={props.error} /> : null}
      {!props.loading && !props.error && list.length === 0 ? (
        <p className="muted" data-testid="collaborator-pins-empty">
          None yet: an organization’s certificate is accepted when you first share with it.
        </p>
      ) : null}
      <ul className="plain-list">
        {list.map((c) => (
          <Collaborator
            key={c.organizationId}
            c={c}
            saving={props.saving === c.organizationId}
            {...(props.saveError?.organizationId === c.organizationId ? { error: props.saveError.error } : {})}
            onMarkVerified={(note) => props.onMarkVerified(c.organizationId, note)}
          />
        ))}
      </ul>
    </div>
  );
}

/** The list for the active profile, wired to main (Settings' collaborator section). */
export function CollaboratorPinsPanel({ profileId }: { readonly profileId: string }) {
  const pins = useCollaboratorPins(profileId);
  const mark = useMarkVerified(profileId);
  return (
    <CollaboratorPins
      collaborators={pins.data}
      loading={pins.isLoading}
      {...(pins.error ? { error: toAppError(pins.error) } : {})}
      {...(mark.isPending && mark.variables ? { saving: mark.variables.organizationId } : {})}
      {...(mark.error && mark.variables
        ? { saveError: { organizationId: mark.variables.organizationId, error: toAppError(mark.error) } }
        : {})}
      onMarkVerified={(organizationId, note) => mark.mutate({ organizationId, note })}
    />
  );
}
