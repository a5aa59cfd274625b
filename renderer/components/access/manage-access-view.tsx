// Manage access for one item or a selection: who has access (owner first), add a collaborator
// after checking its certificate (blocked when the thumbprint differs from the directory's),
// update (re-wrap the key for one organization), revoke with confirmation, share with the study.
import { useState } from 'react';
import type { Organization } from '../../../shared/types.js';
import type { AccessResult, AppError, GranteePreview, ItemView } from '../../../shared/ipc/views.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import { CertificateDetails } from '../common/certificate-details.js';
import { ConfirmDialog } from '../common/confirm-dialog.js';
import { CloseAction, Dialog } from '../common/dialog.js';
import { ErrorDisplay } from '../common/error-display.js';
import { matchingNames, OrgPicker } from '../common/org-picker.js';
import { AccessResults } from './access-results.js';
import { shownName } from '../../../shared/headers.js';

export interface AccessHolder {
  readonly organization: Organization;
  /** Of the selected items, how many this organization can open. */
  readonly items: number;
}

export interface ManageAccessViewProps {
  readonly items: readonly ItemView[];
  readonly holders: readonly AccessHolder[];
  readonly holdersLoading?: boolean;
  readonly holdersError?: AppError;
  /** The study's collaborators: the only organizations an item may be shared with. */
  readonly collaborators: readonly Organization[];
  readonly preview?: GranteePreview;
  readonly previewLoading?: boolean;
  readonly previewError?: AppError;
  /** What is running now, in words ("Granting access to …"). */
  readonly busy?: string;
  readonly results?: { readonly title: string; readonly results: readonly AccessResult[] };
  readonly actionError?: { readonly context: string; readonly error: AppError };
  readonly platform?: string;
  readonly onPickGrantee: (org: Organization) => void;
  readonly onCancelPreview: () => void;
  readonly onGrant: (organizationId: string) => void;
  readonly onUpdate: (organizationId: string) => void;
  readonly onRevoke: (organizationId: string) => void;
  readonly onShareWithStudy: () => void;
  readonly onClose: () => void;
}

function itemLabel(item: ItemView): string {
  return shownName(item.decryptedHeader, itemSlashPath(item));
}

/** Owner first, then by name. */
function ownerFirst(holders: readonly AccessHolder[], ownerId: string | undefined): AccessHolder[] {
  return [...holders].sort(
    (a, b) =>
      (b.organization.id === ownerId ? 1 : 0) - (a.organization.id === ownerId ? 1 : 0) ||
      a.organization.name.localeCompare(b.organization.name),
  );
}

export function ManageAccessView(props: ManageAccessViewProps) {
  const { items, holders, collaborators, preview, busy } = props;
  const [query, setQuery] = useState('');
  const [confirmRevoke, setConfirmRevoke] = useState<Organization | undefined>();
  const count = items.length;
  const ownerId = items[0]?.ownerId;
  const sorted = ownerFirst(holders, ownerId);
  const full = new Set(holders.filter((h) => h.items >= count).map((h) => h.organization.id));
  const candidates = matchingNames(
    collaborators.filter((o) => !full.has(o.id)),
    query,
  );
  const names = new Map<string, string>(
    [...collaborators, ...holders.map((h) => h.organization)].map((o) => [o.id, o.name]),
  );
  // Only an item's owner may change its access list (the exchange answers 2007 otherwise): anyone
  // else sees who has access, and who can change it.
  const readOnly = items.some((i) => !i.ownedByMe);
  const owners = [...new Set(items.map((i) => i.ownerId))];
  const verb = readOnly ? 'Who has access' : 'Manage access';
  const title = count === 1 && items[0] ? `${verb}: ${itemLabel(items[0])}` : `${verb}: ${count} items`;
  const blocked = !!preview && (!preview.thumbprintMatches || !preview.certificate || preview.organization.isDisabled);

  return (
    <Dialog
      title={title}
      onClose={props.onClose}
      testId="manage-access-dialog"
      wide
      actions={<CloseAction onClose={props.onClose} />}
    >
      {count > 1 ? (
        <p className="muted" data-testid="access-selection">
          {items.slice(0, 4).map(itemLabel).join(', ')}
          {count > 4 ? `, and ${count - 4} more` : ''}
        </p>
      ) : null}
      <section aria-label="Who has access">
        <h3 className="section-title">Who has access</h3>
        {props.holdersError ? (
          <ErrorDisplay context="Who has access could not be loaded." error={props.holdersError} />
        ) : null}
        {props.holdersLoading ? <p className="muted">Loading…</p> : null}
        <ul className="plain-list access-list" data-testid="access-list">
          {sorted.map(({ organization: org, items: n }) => {
            const isOwner = org.id === ownerId;
            return (
              <li key={org.id} className="access-entry" data-testid="access-entry" data-org-id={org.id}>
                <span className="access-name">
                  {org.name}
                  {isOwner ? <span className="badge"> owner</span> : null}
                  {count > 1 ? (
                    <span className="muted"> · {n === count ? 'all items' : `${n} of ${count} items`}</span>
                  ) : null}
                </span>
                {isOwner || readOnly ? null : (
                  <span className="access-actions">
                    <button
                      type="button"
                      data-testid="update-button"
                      disabled={!!busy}
                      title="Wrap the item's key again for this organization"
                      onClick={() => props.onUpdate(org.id)}
                    >
                      Update
                    </button>
                    <button
                      type="button"
                      className="danger"
                      data-testid="revoke-button"
                      disabled={!!busy}
                      onClick={() => setConfirmRevoke(org)}
                    >
                      Revoke…
                    </button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {readOnly ? (
        <p data-testid="access-read-only">
          {owners.length === 1
            ? `Only ${names.get(owners[0]!) ?? items[0]?.ownerId}, the owner, can change who has access.`
            : 'Only the owner of each item can change who has access to it.'}
        </p>
      ) : (
        <section aria-label="Give access" className="grant-section">
          <h3 className="section-title">Give access</h3>
          {preview || props.previewLoading || props.previewError ? (
            <div className="grantee-preview" data-testid="grantee-preview">
              {props.previewLoading ? <p className="muted">Fetching the organization's certificate…</p> : null}
              {props.previewError ? (
                <ErrorDisplay
                  context="The organization's certificate could not be fetched."
                  error={props.previewError}
                />
              ) : null}
              {preview ? (
                <>
                  <p>
                    Before the key is wrapped for <strong>{preview.organization.name}</strong>, check its certificate:
                  </p>
                  {preview.certificate ? (
                    <CertificateDetails certificate={preview.certificate} testId="grantee-certificate" />
                  ) : null}
                  {!preview.thumbprintMatches ? (
                    <p className="blocking" role="alert" data-testid="thumbprint-mismatch">
                      Not shared: this certificate's thumbprint differs from the one in the exchange's directory
                      {preview.organization.thumbprint ? ` (${preview.organization.thumbprint})` : ''}. The key could
                      end up with someone else. Ask the organization and the exchange's administrator to check its
                      registered certificate.
                      {preview.problem ? ` ${preview.problem}` : ''}
                    </p>
                  ) : !preview.certificate ? (
                    <p className="blocking" role="alert" data-testid="no-certificate">
                      Not shared: {preview.organization.name} has no certificate registered, so nothing can be wrapped
                      for it.
                      {preview.problem ? ` ${preview.problem}` : ''}
                    </p>
                  ) : preview.organization.isDisabled ? (
                    <p className="blocking" role="alert">
                      Not shared: {preview.organization.name} is disabled in the exchange.
                    </p>
                  ) : null}
                </>
              ) : null}
              <div className="row-actions">
                <button type="button" onClick={props.onCancelPreview}>
                  Back
                </button>
                <button
                  type="button"
                  className="primary"
                  data-testid="grant-button"
                  disabled={!preview || blocked || !!busy}
                  onClick={() => preview && props.onGrant(preview.organization.id)}
                >
                  {count === 1 ? 'Give access' : `Give access to ${count} items`}
                </button>
              </div>
            </div>
          ) : (
            <OrgPicker
              label="Add a collaborator of this study"
              query={query}
              onQuery={setQuery}
              options={candidates}
              onPick={props.onPickGrantee}
              searchTestId="grantee-search"
              optionTestId="grantee-option"
              emptyText={
                collaborators.length
                  ? 'No other collaborator matches.'
                  : 'This study has no other collaborators yet: invite organizations under Collaborators….'
              }
              disabled={!!busy}
            />
          )}
          <p>
            <button type="button" data-testid="share-with-study" disabled={!!busy} onClick={props.onShareWithStudy}>
              Share with everyone in this study
            </button>
          </p>
        </section>
      )}

      <div role="status" aria-live="polite" className="status-line" data-testid="access-progress">
        {busy ?? ''}
      </div>
      {props.actionError ? <ErrorDisplay context={props.actionError.context} error={props.actionError.error} /> : null}
      {props.results ? (
        <AccessResults title={props.results.title} results={props.results.results} names={names} />
      ) : null}

      {confirmRevoke ? (
        <ConfirmDialog
          title={`Revoke access for ${confirmRevoke.name}?`}
          message={`${confirmRevoke.name} will no longer be able to open ${count === 1 ? 'this item' : `these ${count} items`}. Copies it already downloaded stay with it.`}
          confirmLabel="Revoke"
          platform={props.platform}
          onCancel={() => setConfirmRevoke(undefined)}
          onConfirm={() => {
            const id = confirmRevoke.id;
            setConfirmRevoke(undefined);
            props.onRevoke(id);
          }}
        />
      ) : null}
    </Dialog>
  );
}
