// The profiles on this computer: organization, environment, certificate subject, thumbprint and
// expiry (warned 30 days ahead); removal explains what losing the key means.
import { useRef, useState } from 'react';
import type { ProfileView } from '../../../shared/ipc/views.js';
import { daysUntil } from '../../lib/file-read.js';
import { formatDate } from '../../lib/format.js';
import { roleNames } from '../chrome/window-chrome.js';
import { ConfirmDialog } from '../common/confirm-dialog.js';
import { KeyBackup } from './key-backup.js';

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

/** A button that names what it picks; the file input it opens stays out of sight and out of the tab order. */
function TrustAnchorButton({
  profileId,
  onImport,
}: {
  readonly profileId: string;
  readonly onImport: (profileId: string, file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      {' '}
      <button type="button" data-testid="profile-trust-pick" onClick={() => input.current?.click()}>
        Import CA certificates…
      </button>
      <input
        ref={input}
        type="file"
        accept=".pem,.crt,.cer"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="profile-trust-import"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) onImport(profileId, file);
          e.currentTarget.value = '';
        }}
      />
    </>
  );
}

interface ProfilesSectionProps {
  readonly profiles: readonly ProfileView[];
  readonly now: number;
  readonly busy?: boolean;
  readonly platform?: string;
  readonly onRemove: (profileId: string) => void;
  /** Imports a PEM bundle of the consortium's CA certificates as the profile's trust anchors. */
  readonly onImportTrustAnchors?: (profileId: string, file: File) => void;
  /** Backs up the profile's keys with this password (main asks where to save). */
  readonly onBackup?: (profileId: string, password: string) => void;
  readonly onForgetOldKeys?: (profileId: string) => void;
}

export function ProfilesSection({
  profiles,
  now,
  busy,
  platform,
  onRemove,
  onImportTrustAnchors,
  onBackup,
  onForgetOldKeys,
}: ProfilesSectionProps) {
  const [confirm, setConfirm] = useState<ProfileView | undefined>();
  return (
    <section aria-label="Profiles" className="settings-section">
      <h3 className="section-title">Profiles</h3>
      <p className="muted">
        A profile is your organization's private key with its certificate at one exchange. The key proves who you are
        and opens what is shared with your organization; it never leaves this computer.
      </p>
      {profiles.length === 0 ? <p className="muted">No profile yet: add one below.</p> : null}
      <ul className="plain-list profile-list">
        {profiles.map((p) => {
          const warning = expiryWarning(p.certificate.validTo, now);
          return (
            <li key={p.id} className="profile-entry" data-testid="profile-row" data-profile-id={p.id}>
              <div className="profile-head">
                <strong>{p.name}</strong> — {p.organizationName} <span className="badge">{roleNames(p.roles)}</span>{' '}
                <span className={`badge env-${p.environment}`}>{p.environment}</span>
                {p.active ? <span className="muted"> · active</span> : null}
                {/* Asked first, and not the loudest button here: a plain button, the confirmation says what is lost. */}
                <button
                  type="button"
                  className="push-end"
                  data-testid="profile-remove"
                  disabled={busy}
                  onClick={() => setConfirm(p)}
                >
                  Remove…
                </button>
              </div>
              <dl className="kv">
                <dt>Subject</dt>
                <dd>{p.certificate.subject || '—'}</dd>
                <dt>Thumbprint</dt>
                <dd className="mono" data-testid="profile-thumbprint">
                  {p.certificate.thumbprint || '—'}
                </dd>
                <dt>Expires</dt>
                <dd data-testid="profile-expiry">{formatDate(p.certificate.validTo)}</dd>
                <dt>Exchange</dt>
                <dd className="mono">{p.baseUrl}</dd>
                <dt>Trust anchors</dt>
                <dd data-testid="profile-trust-anchors">
                  {p.environment === 'sandbox'
                    ? 'the sandbox\u2019s own CA'
                    : `${p.trustAnchorCount ?? 0} CA certificate${p.trustAnchorCount === 1 ? '' : 's'}`}
                  {p.environment !== 'sandbox' && !p.trustAnchorCount
                    ? ' \u2014 nothing can be shared until your consortium\u2019s CA certificates are imported'
                    : ''}
                  {onImportTrustAnchors ? <TrustAnchorButton profileId={p.id} onImport={onImportTrustAnchors} /> : null}
                </dd>
              </dl>
              {onBackup ? (
                <KeyBackup profile={p} busy={busy} onBackup={onBackup} onForgetOldKeys={onForgetOldKeys} />
              ) : null}
              {warning ? (
                <p className="warning" role="status" data-testid="profile-expiry-warning">
                  {warning}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {confirm ? (
        <ConfirmDialog
          title={`Remove the profile "${confirm.name}"?`}
          message={removeMessage(confirm)}
          confirmLabel="Remove profile and key"
          platform={platform}
          onCancel={() => setConfirm(undefined)}
          onConfirm={() => {
            const id = confirm.id;
            setConfirm(undefined);
            onRemove(id);
          }}
        />
      ) : null}
    </section>
  );
}
