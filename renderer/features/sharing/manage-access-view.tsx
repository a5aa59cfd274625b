// Manage access for one item or a selection, in a coordinator's words (issue 38 point 5): every
// organization of the study with a checkbox (name, role, whether it has this version), one Share
// button, "Share again" and "Remove access…" for those who have it. The certificate shows only on
// request or when its check fails: main checks it on every share anyway.
import { useState } from 'react';
import type { Organization } from '../../../shared/types.js';
import type { AccessResult, AppError, GranteePreview, ItemView } from '../../../shared/ipc/views.js';
import type { DeliveryState } from '../../../shared/delivery.js';
import { namesList } from '../../../shared/access-words.js';
import { shownText } from '../../../shared/shown-text.js';
import { itemSlashPath } from '../../lib/file-tree.js';
import { CertificateDetails } from '../../components/common/certificate-details.js';
import { ConfirmDialog } from '../../components/common/confirm-dialog.js';
import { CloseAction, Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
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
  /** The study's organizations: the only ones an item may be shared with. */
  readonly collaborators: readonly Organization[];
  /** One document the profile owns: what each organization's receipt says (absent: none read). */
  readonly delivery?: ReadonlyMap<string, DeliveryState>;
  /** The organization whose certificate is shown (asked for, or its share failed). */
  readonly certificateOf?: Organization;
  readonly preview?: GranteePreview;
  readonly previewLoading?: boolean;
  readonly previewError?: AppError;
  /** What is running now, in words ("Sharing with …"). */
  readonly busy?: string;
  readonly results?: { readonly title: string; readonly results: readonly AccessResult[] };
  readonly actionError?: { readonly context: string; readonly error: AppError };
  readonly platform?: string;
  readonly onShowCertificate: (org: Organization) => void;
  readonly onHideCertificate: () => void;
  readonly onShare: (organizations: readonly Organization[]) => void;
  readonly onShareAgain: (organizationId: string) => void;
  readonly onRemove: (organizationId: string) => void;
  readonly onClose: () => void;
}

function itemLabel(item: ItemView): string {
  return shownName(item.decryptedHeader, itemSlashPath(item));
}

const RECEIPT_WORDS: Readonly<Record<DeliveryState, string>> = {
  this: 'has this version',
  earlier: 'has an earlier version',
  none: 'not opened yet',
};

/** The study's organizations and any other holder, owner first, then by name. */
function organizationsOf(
  collaborators: readonly Organization[],
  holders: readonly AccessHolder[],
  ownerId: string | undefined,
): Organization[] {
  const all = new Map<string, Organization>();
  for (const o of [...collaborators, ...holders.map((h) => h.organization)]) if (!all.has(o.id)) all.set(o.id, o);
  return [...all.values()].sort(
    (a, b) => (b.id === ownerId ? 1 : 0) - (a.id === ownerId ? 1 : 0) || a.name.localeCompare(b.name),
  );
}

function roleOf(org: Organization, ownerId: string | undefined): string {
  const role = org.isSirb ? 'sIRB' : 'Site';
  return org.id === ownerId ? `${role} · owner` : role;
}

export function ManageAccessView(props: ManageAccessViewProps) {
  const { items, holders, preview, busy, certificateOf } = props;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirmRemove, setConfirmRemove] = useState<Organization | undefined>();
  const count = items.length;
  const ownerId = items[0]?.ownerId;
  const held = new Map(holders.map((h) => [h.organization.id, h.items]));
  const organizations = organizationsOf(props.collaborators, holders, ownerId);
  const names = new Map<string, string>(organizations.map((o) => [o.id, o.name]));
  // Only an item's owner may change its access list (the exchange answers 2007 otherwise): anyone
  // else sees who has access, and who can change it.
  const readOnly = items.some((i) => !i.ownedByMe);
  const owners = [...new Set(items.map((i) => i.ownerId))];
  const verb = readOnly ? 'Who has access' : 'Manage access';
  const title = count === 1 && items[0] ? `${verb}: ${itemLabel(items[0])}` : `${verb}: ${count} items`;
  const picked = organizations.filter((o) => chosen.has(o.id));
  const what = count === 1 ? 'this document' : `these ${count} items`;
  const toggle = (id: string, on: boolean): void =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const canPick = (o: Organization): boolean =>
    !readOnly && o.id !== ownerId && !o.isDisabled && (held.get(o.id) ?? 0) < count;
  const pickable = organizations.filter(canPick);
  const previewBlocked =
    !!preview && (!preview.thumbprintMatches || !preview.certificate || preview.organization.isDisabled);

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
      <section aria-label="Organizations of this study">
        <h3 className="section-title">Who can open {what}</h3>
        {props.holdersError ? (
          <ErrorDisplay context="Who has access could not be loaded." error={props.holdersError} />
        ) : null}
        {props.holdersLoading ? <p className="muted">Loading…</p> : null}
        <ul className="plain-list access-list" data-testid="access-list">
          {organizations.map((org) => {
            const n = held.get(org.id) ?? 0;
            const isOwner = org.id === ownerId;
            const has = isOwner || n > 0;
            const receipt = props.delivery?.get(org.id);
            const nameId = `access-org-${org.id}`;
            return (
              <li
                key={org.id}
                className="access-entry"
                data-testid="access-entry"
                data-org-id={org.id}
                data-access={isOwner ? 'owner' : n >= count ? 'yes' : n > 0 ? 'some' : 'no'}
              >
                <input
                  type="checkbox"
                  data-testid="access-check"
                  aria-labelledby={nameId}
                  checked={has && n >= count ? true : isOwner || chosen.has(org.id)}
                  disabled={!canPick(org) || !!busy}
                  onChange={(e) => toggle(org.id, e.target.checked)}
                />
                <span className="access-name">
                  <span id={nameId} className="access-org-name">
                    {shownText(org.name)}
                  </span>
                  <span className="muted access-detail" data-testid="access-role">
                    {` · ${roleOf(org, ownerId)}`}
                    {org.isDisabled ? ' · disabled in the exchange' : ''}
                  </span>
                  {isOwner ? null : (
                    <span className="access-detail" data-testid="access-state">
                      {` · ${
                        count > 1 && n > 0 && n < count
                          ? `can open ${n} of ${count} items`
                          : n === 0
                            ? 'no access'
                            : receipt
                              ? RECEIPT_WORDS[receipt]
                              : count > 1
                                ? 'can open all items'
                                : 'has access'
                      }`}
                    </span>
                  )}
                </span>
                {readOnly || isOwner ? null : (
                  <span className="access-actions">
                    <button
                      type="button"
                      className="link"
                      data-testid="show-certificate"
                      aria-label={`Show certificate of ${shownText(org.name)}`}
                      onClick={() => props.onShowCertificate(org)}
                    >
                      Show certificate
                    </button>
                    {n > 0 ? (
                      <>
                        <button
                          type="button"
                          data-testid="update-button"
                          disabled={!!busy}
                          title="Give it the document's key again, e.g. after its certificate was renewed"
                          aria-label={`Share again with ${shownText(org.name)}`}
                          onClick={() => props.onShareAgain(org.id)}
                        >
                          Share again
                        </button>
                        <button
                          type="button"
                          data-testid="revoke-button"
                          disabled={!!busy}
                          aria-label={`Remove access for ${shownText(org.name)}`}
                          onClick={() => setConfirmRemove(org)}
                        >
                          Remove access…
                        </button>
                      </>
                    ) : null}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {certificateOf ? (
        <section className="grantee-preview" data-testid="grantee-preview" aria-label="Certificate">
          <h3 className="section-title">Certificate of {shownText(certificateOf.name)}</h3>
          {props.previewLoading ? <p className="muted">Fetching the organization's certificate…</p> : null}
          {props.previewError ? (
            <ErrorDisplay context="The organization's certificate could not be fetched." error={props.previewError} />
          ) : null}
          {preview?.certificate ? (
            <CertificateDetails certificate={preview.certificate} testId="grantee-certificate" />
          ) : null}
          {preview && !preview.thumbprintMatches ? (
            <p className="blocking" role="alert" data-testid="thumbprint-mismatch">
              Not shared: this certificate differs from the one in the exchange's directory
              {preview.organization.thumbprint ? ` (${preview.organization.thumbprint})` : ''}. The document could end
              up with someone else. Ask the organization and the exchange's administrator to check its registered
              certificate.
              {preview.problem ? ` ${preview.problem}` : ''}
            </p>
          ) : preview && !preview.certificate ? (
            <p className="blocking" role="alert" data-testid="no-certificate">
              Not shared: {shownText(preview.organization.name)} has no certificate registered, so nothing can be shared
              with it.
              {preview.problem ? ` ${preview.problem}` : ''}
            </p>
          ) : preview?.organization.isDisabled ? (
            <p className="blocking" role="alert">
              Not shared: {shownText(preview.organization.name)} is disabled in the exchange.
            </p>
          ) : null}
          <p>
            <button type="button" data-testid="hide-certificate" onClick={props.onHideCertificate}>
              Hide certificate
            </button>
          </p>
        </section>
      ) : null}

      {readOnly ? (
        <p data-testid="access-read-only">
          {owners.length === 1
            ? `Only ${names.get(owners[0]!) ?? items[0]?.ownerId}, the owner, can change who has access.`
            : 'Only the owner of each item can change who has access to it.'}
        </p>
      ) : (
        <div className="grant-section share-bar">
          {pickable.length > 1 ? (
            <button
              type="button"
              className="link"
              data-testid="share-with-study"
              disabled={!!busy}
              onClick={() => setChosen(new Set(pickable.map((o) => o.id)))}
            >
              Choose everyone in this study
            </button>
          ) : null}
          <p className="muted share-hint" data-testid="share-hint">
            {picked.length
              ? `${namesList(picked.map((o) => o.name))} will be able to open ${what}.`
              : pickable.length
                ? 'Tick the organizations to share with.'
                : 'Everyone in this study can open it.'}
          </p>
          <button
            type="button"
            className="primary"
            data-testid="grant-button"
            disabled={picked.length === 0 || !!busy || (previewBlocked && chosen.has(preview.organization.id))}
            onClick={() => {
              props.onShare(picked);
              setChosen(new Set());
            }}
          >
            Share
          </button>
        </div>
      )}

      <div role="status" aria-live="polite" className="status-line" data-testid="access-progress">
        {busy ?? ''}
      </div>
      {props.actionError ? <ErrorDisplay context={props.actionError.context} error={props.actionError.error} /> : null}
      {props.results ? (
        <AccessResults title={props.results.title} results={props.results.results} names={names} />
      ) : null}

      {confirmRemove ? (
        <ConfirmDialog
          title={`Remove access for ${shownText(confirmRemove.name)}?`}
          message={`${shownText(confirmRemove.name)} will no longer be able to open ${what}. Copies it already downloaded stay with it.`}
          confirmLabel="Remove access"
          platform={props.platform}
          onCancel={() => setConfirmRemove(undefined)}
          onConfirm={() => {
            const id = confirmRemove.id;
            setConfirmRemove(undefined);
            props.onRemove(id);
          }}
        />
      ) : null}
    </Dialog>
  );
}
