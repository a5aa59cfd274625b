// The study's collaborators (owner first). The owner invites from the directory by name and
// revokes with a confirmation that says what the organization loses.
import { useState } from 'react';
import type { Organization } from '../../../shared/types.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { ConfirmDialog } from '../../components/common/confirm-dialog.js';
import { CloseAction, Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { OrgPicker } from '../../components/common/org-picker.js';

export interface CollaboratorsViewProps {
  readonly studyLabel: string;
  readonly ownerId: string;
  readonly isOwner: boolean;
  readonly collaborators: readonly Organization[];
  readonly loading?: boolean;
  readonly error?: AppError;
  readonly query: string;
  readonly onQuery: (query: string) => void;
  /** Directory matches for the query. */
  readonly directory: readonly Organization[];
  readonly directoryLoading?: boolean;
  readonly directoryError?: AppError;
  readonly busy?: string;
  readonly actionError?: { readonly context: string; readonly error: AppError };
  readonly status?: string;
  readonly platform?: string;
  readonly onInvite: (org: Organization) => void;
  readonly onRemove: (org: Organization) => void;
  readonly onClose: () => void;
}

export function CollaboratorsView(props: CollaboratorsViewProps) {
  const { collaborators, ownerId, isOwner, busy } = props;
  const [confirm, setConfirm] = useState<Organization | undefined>();
  const sorted = [...collaborators].sort(
    (a, b) => (b.id === ownerId ? 1 : 0) - (a.id === ownerId ? 1 : 0) || a.name.localeCompare(b.name),
  );
  const member = new Set(collaborators.map((o) => o.id));
  // Disabled organizations stay in the list, shown as disabled (OrgPicker does not offer them).
  const options = props.directory.filter((o) => !member.has(o.id));
  return (
    <Dialog
      title={`Collaborators of ${props.studyLabel}`}
      onClose={props.onClose}
      testId="collaborators-dialog"
      wide
      actions={<CloseAction onClose={props.onClose} />}
    >
      {props.error ? <ErrorDisplay context="The collaborators could not be loaded." error={props.error} /> : null}
      {props.loading ? <p className="muted">Loading…</p> : null}
      <ul className="plain-list access-list" data-testid="collaborator-list">
        {sorted.map((org) => (
          <li key={org.id} className="access-entry" data-testid="collaborator-row" data-org-id={org.id}>
            <span className="access-name">
              {org.name}
              <span className="muted"> · {org.isSirb ? 'sIRB' : 'pSite'}</span>
              {org.id === ownerId ? <span className="badge"> owner</span> : null}
            </span>
            {isOwner && org.id !== ownerId ? (
              <button
                type="button"
                className="danger"
                data-testid="collaborator-remove"
                disabled={!!busy}
                onClick={() => setConfirm(org)}
              >
                Revoke…
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {isOwner ? (
        <section aria-label="Invite" className="grant-section">
          <h3 className="section-title">Invite an organization</h3>
          <OrgPicker
            label="Search the directory"
            query={props.query}
            onQuery={props.onQuery}
            options={options}
            onPick={props.onInvite}
            searchTestId="invite-search"
            optionTestId="invite-option"
            loading={props.directoryLoading}
            emptyText={
              props.query
                ? `No organization whose name starts with "${props.query}" can be invited.`
                : 'Type the start of a name.'
            }
            disabled={!!busy}
          />
          {props.directoryError ? (
            <ErrorDisplay context="The directory could not be searched." error={props.directoryError} />
          ) : null}
        </section>
      ) : (
        <p className="muted">Only the study's owner can invite or revoke collaborators.</p>
      )}
      <div role="status" aria-live="polite" className="status-line" data-testid="collaborators-status">
        {busy ?? props.status ?? ''}
      </div>
      {props.actionError ? <ErrorDisplay context={props.actionError.context} error={props.actionError.error} /> : null}
      {confirm ? (
        <ConfirmDialog
          title={`Revoke ${confirm.name} from this study?`}
          message={`${confirm.name} will lose this study: it will no longer see the study or open any of its items, including those shared with it, and cannot add items. Its own items stay in the study. You can invite it again later.`}
          confirmLabel="Revoke"
          platform={props.platform}
          onCancel={() => setConfirm(undefined)}
          onConfirm={() => {
            const org = confirm;
            setConfirm(undefined);
            props.onRemove(org);
          }}
        />
      ) : null}
    </Dialog>
  );
}
