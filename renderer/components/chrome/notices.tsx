// The window's notices under the chrome, for the active profile: collaborators with a new
// certificate (re-wrap), what the last re-wrap did, certificates expiring or expired (its own
// and collaborators'), and a key never backed up. Nothing when there is nothing to say.
import { useState } from 'react';
import type { ProfileView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { useBackupNotices, useCertificateChanges, useRewrapCertificate } from '../../features/trust/certificates.js';
import { useContainers } from '../../features/studies/studies.js';
import { studyLabel } from '../../features/studies/studies-sidebar.js';
import { BackupNotice } from '../../features/keys/backup-notice.js';
import { CertificateChangeNotice } from '../../features/trust/certificate-change-notice.js';
import { CollaboratorExpiryNotice, OwnExpiryNotice, ownExpiryDays } from '../../features/trust/expiry-notices.js';
import { RewrapResultNotice } from '../../features/trust/rewrap-result-notice.js';
import { useCertificateDecision } from '../../features/trust/use-trust.js';

export interface NoticesProps {
  readonly profile: ProfileView | undefined;
  /** Opens Settings on the profile (where its key is backed up). */
  readonly onOpenSettings: () => void;
  readonly now?: number;
}

export function Notices({ profile, onOpenSettings, now = Date.now() }: NoticesProps) {
  const profileId = profile?.id;
  const certificates = useCertificateChanges(profileId);
  const rewrap = useRewrapCertificate(profileId);
  const backup = useBackupNotices();
  const containers = useContainers(profileId);
  // Named as when it started: once done, the organization leaves the list of changes.
  const [rewrapName, setRewrapName] = useState('');
  const { accept, keep } = useCertificateDecision(profileId);
  // Collaborators' certificate notices dismissed in this session, by profile, organization and
  // certificate: a later change of that certificate shows again.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const dismiss = (key: string) => () => setDismissed((d) => new Set(d).add(key));
  if (!profile) return null;
  /** Accept or Keep for one organization's changed certificate (the sha256 the user was shown). */
  const decisionProps = (organizationId: string, sha256: string) => {
    const failed =
      (accept.error && accept.variables?.organizationId === organizationId && accept.error) ||
      (keep.error && keep.variables === organizationId && keep.error);
    return {
      onAccept: () => accept.mutate({ organizationId, sha256 }),
      onKeep: () => keep.mutate(organizationId),
      deciding: accept.isPending || keep.isPending,
      ...(failed ? { decisionError: toAppError(failed) } : {}),
    };
  };
  const changeKey = (c: { organizationId: string; oldThumbprint: string; certificate?: { thumbprint: string } }) =>
    `${profile.id}:change:${c.organizationId}:${c.oldThumbprint}:${c.certificate?.thumbprint ?? ''}`;
  const expiryKey = (e: { organizationId: string; validTo: string; expired: boolean }) =>
    `${profile.id}:expiry:${e.organizationId}:${e.validTo}:${e.expired}`;
  // a change awaiting Accept or Keep is never hidden: it must be answered
  const changes = (certificates.data?.changes ?? []).filter((c) => c.decision || !dismissed.has(changeKey(c)));
  const expiring = (certificates.data?.expiring ?? []).filter((e) => !dismissed.has(expiryKey(e)));
  const rewrapping = rewrap.isPending ? rewrap.variables : undefined;
  const studyTitle = (id: string): string => {
    const c = containers.data?.find((x) => x.id === id);
    return c ? studyLabel(c) : `study ${id.slice(0, 8)}`;
  };
  // Sandbox keys are made again with the sandbox: nothing there needs a backup.
  const showBackup =
    profile.backedUp === false && profile.environment !== 'sandbox' && backup.dismissed?.includes(profile.id) === false;
  const any =
    changes.length > 0 ||
    expiring.length > 0 ||
    rewrap.data !== undefined ||
    showBackup ||
    ownExpiryDays(profile, now) !== undefined;
  if (!any) return null;
  return (
    <section className="notices-region" aria-label="Notices" data-testid="notices">
      <ul className="notices">
        {changes.map((c) => (
          <CertificateChangeNotice
            key={c.organizationId}
            change={c}
            now={now}
            busy={rewrapping !== undefined}
            progress={
              rewrapping === c.organizationId
                ? rewrap.progress?.organizationId === c.organizationId
                  ? rewrap.progress
                  : { done: 0, total: c.grantCount }
                : undefined
            }
            error={rewrap.error && rewrap.variables === c.organizationId ? toAppError(rewrap.error) : undefined}
            onRewrap={() => {
              setRewrapName(c.name);
              rewrap.mutate(c.organizationId);
            }}
            {...(c.decision
              ? decisionProps(c.organizationId, c.decision.offered.sha256)
              : { onDismiss: dismiss(changeKey(c)) })}
          />
        ))}
        {rewrap.data ? (
          <RewrapResultNotice
            organizationName={rewrapName}
            result={rewrap.data}
            studyTitle={studyTitle}
            onDismiss={() => rewrap.reset()}
          />
        ) : null}
        <OwnExpiryNotice profile={profile} now={now} />
        {expiring.map((e) => (
          <CollaboratorExpiryNotice key={e.organizationId} expiring={e} now={now} onDismiss={dismiss(expiryKey(e))} />
        ))}
        {showBackup ? (
          <BackupNotice profile={profile} onBackUp={onOpenSettings} onDismiss={() => backup.dismiss(profile.id)} />
        ) : null}
      </ul>
    </section>
  );
}
