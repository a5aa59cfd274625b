// One profile's page in Settings: its certificate (warned 30 days before it expires), its keys,
// backup, trust anchors, delivery receipts, renewal, collaborators' certificates, and removal
// (asked first, and not the loudest button on the page).
import { useState, type ReactNode } from 'react';
import type { AppError, ProfileView } from '../../../shared/ipc/views.js';
import type { RewrapProgress } from '../keys/rewrap-progress.js';
import { daysUntil } from '../../lib/file-read.js';
import { roleNames } from '../../components/chrome/window-chrome.js';
import { CertificateDetails } from '../../components/common/certificate-details.js';
import { ConfirmDialog } from '../../components/common/confirm-dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { FormError } from '../../components/common/form-error.js';
import {
  CollaboratorCertificatesSection,
  type CollaboratorCertificatesProps,
} from '../trust/collaborator-certificates-section.js';
import { FilePickButton } from '../../components/common/file-pick-button.js';
import { KeyBackup } from '../keys/key-backup.js';
import { ProfileKeys } from '../keys/profile-keys.js';
import { RenewSection, type RenewSectionProps } from '../keys/renew-section.js';

const EXPIRY_WARNING_DAYS = 30;

function expiryWarning(validTo: string, now: number): string | undefined {
  const days = daysUntil(validTo, now);
  if (days === undefined) return undefined;
  if (days < 0) return 'The certificate has expired: the exchange refuses this profile until a new one is registered.';
  if (days <= EXPIRY_WARNING_DAYS)
    return `The certificate expires in ${days} day${days === 1 ? '' : 's'}: ask for a new one to be registered before then.`;
  return undefined;
}

function removeMessage(profile: ProfileView): string {
  return (
    `Removing "${profile.name}" deletes its private key from this computer. Without that key, nothing shared with ${profile.organizationName} ` +
    'can be opened here again and nothing can be sent in its name, unless you still have a copy of the key (for example its PKCS#12 file). ' +
    'Its registration at the exchange does not change.'
  );
}

/** The active profile's receipts switch (receipts.setSending acts on the active profile). */
export interface ReceiptsSettingProps {
  readonly sending?: boolean;
  readonly error?: AppError;
  readonly onChange: (sending: boolean) => void;
}

/** The page's sections a refusal can be shown in, where the action was. */
export type ProfileSection = 'keys' | 'backup' | 'trust';

export interface ProfilePageProps {
  readonly profile: ProfileView;
  readonly now: number;
  readonly busy?: boolean;
  readonly platform?: string;
  readonly onRemove: (profileId: string) => void;
  /** Imports a PEM bundle of the consortium's CA certificates as the profile's trust anchors. */
  readonly onImportTrustAnchors?: (profileId: string, file: File) => void;
  /** Backs up the profile's keys with this password (main asks where to save). */
  readonly onBackup?: (profileId: string, password: string) => void;
  readonly onForgetOldKeys?: (profileId: string) => void;
  readonly rewrap?: RewrapProgress;
  readonly renew?: RenewSectionProps;
  /** Only for the active profile. */
  readonly receipts?: ReceiptsSettingProps;
  /** The active profile's collaborators with a new or expiring certificate. */
  readonly certificates?: CollaboratorCertificatesProps;
  readonly sectionError?: { readonly section: ProfileSection; readonly context: string; readonly error: AppError };
}

function TrustAnchors({
  profile,
  onImport,
  error,
}: {
  profile: ProfileView;
  onImport?: ProfilePageProps['onImportTrustAnchors'];
  error?: ReactNode;
}) {
  const count = profile.trustAnchorCount ?? 0;
  return (
    <section className="settings-section" aria-label="Trust anchors">
      <h4 className="section-title">Trust anchors</h4>
      <p data-testid="profile-trust-anchors">
        {profile.environment === 'sandbox'
          ? 'The sandbox\u2019s own CA.'
          : `${count} CA certificate${count === 1 ? '' : 's'} of your consortium.`}
        {profile.environment !== 'sandbox' && !count
          ? ' Nothing can be shared until your consortium\u2019s CA certificates are imported.'
          : ''}
      </p>
      {onImport ? (
        <FilePickButton
          label="Choose CA certificates…"
          accept=".pem,.crt,.cer"
          testId="profile-trust-import"
          chosen=""
          onFile={(file) => onImport(profile.id, file)}
        />
      ) : null}
      {error}
    </section>
  );
}

function Receipts({ profile, receipts }: { profile: ProfileView; receipts?: ReceiptsSettingProps }) {
  return (
    <section className="settings-section" aria-label="Delivery receipts">
      <h4 className="section-title">Delivery receipts</h4>
      {receipts ? (
        <>
          <label className="check">
            <input
              type="checkbox"
              data-testid="profile-receipts-sending"
              checked={receipts.sending ?? true}
              disabled={receipts.sending === undefined}
              onChange={(e) => receipts.onChange(e.target.checked)}
            />
            Send delivery receipts
          </label>
          <p className="muted">
            {receipts.sending === false
              ? 'Receipts are off for this profile: owners are not told when you receive their documents.'
              : 'Owners of documents this profile receives are told which version arrived.'}
          </p>
          {receipts.error ? (
            <ErrorDisplay context="The receipts setting could not be changed." error={receipts.error} />
          ) : null}
        </>
      ) : (
        <p className="muted">
          Receipts are set for the active profile: switch to “{profile.name}” in the window to change them.
        </p>
      )}
    </section>
  );
}

export function ProfilePage(props: ProfilePageProps) {
  const { profile: p, busy } = props;
  const [confirm, setConfirm] = useState(false);
  const warning = expiryWarning(p.certificate.validTo, props.now);
  const errorIn = (section: ProfileSection): ReactNode =>
    props.sectionError?.section === section ? (
      <FormError
        error={props.sectionError.error}
        context={props.sectionError.context}
        testId={`profile-${section}-error`}
      />
    ) : null;
  return (
    <div className="profile-page" data-testid="profile-page" data-profile-id={p.id}>
      <div className="profile-head">
        <h3 className="section-title">{p.name}</h3>
        <span>{p.organizationName}</span> <span className="badge">{roleNames(p.roles)}</span>{' '}
        <span className={`badge env-${p.environment}`}>{p.environment}</span>
        {p.active ? <span className="muted"> · active</span> : null}
      </div>
      <section className="settings-section" aria-label="Certificate">
        <h4 className="section-title">Certificate</h4>
        <CertificateDetails certificate={p.certificate} testId="profile-certificate" />
        <p className="muted">
          Exchange <span className="mono">{p.baseUrl}</span>
        </p>
        {warning ? (
          <p className="warning" role="status" data-testid="profile-expiry-warning">
            {warning}
          </p>
        ) : null}
      </section>
      <ProfileKeys
        profile={p}
        busy={busy}
        rewrap={props.rewrap}
        onForgetOldKeys={props.onForgetOldKeys}
        error={errorIn('keys')}
      />
      {props.onBackup ? (
        <section className="settings-section" aria-label="Backup">
          <h4 className="section-title">Backup</h4>
          <KeyBackup profile={p} busy={busy} onBackup={props.onBackup} />
          {errorIn('backup')}
        </section>
      ) : null}
      {/* A new current key starts the form afresh (closed). */}
      {props.renew ? <RenewSection key={p.certificate.thumbprint} profileId={p.id} {...props.renew} /> : null}
      <TrustAnchors profile={p} onImport={props.onImportTrustAnchors} error={errorIn('trust')} />
      <Receipts profile={p} receipts={props.receipts} />
      {props.certificates ? <CollaboratorCertificatesSection {...props.certificates} /> : null}
      <section className="settings-section" aria-label="Remove">
        <h4 className="section-title">Remove</h4>
        <p className="muted">Deletes this profile and its keys from this computer; back the key up first.</p>
        {/* Asked first, and not the loudest button here: a plain button, the confirmation says what is lost. */}
        <button type="button" data-testid="profile-remove" disabled={busy} onClick={() => setConfirm(true)}>
          Remove…
        </button>
      </section>
      {confirm ? (
        <ConfirmDialog
          title={`Remove the profile "${p.name}"?`}
          message={removeMessage(p)}
          confirmLabel="Remove profile and key"
          platform={props.platform}
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            props.onRemove(p.id);
          }}
        />
      ) : null}
    </div>
  );
}
