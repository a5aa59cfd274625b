// Settings wired to the service: profiles.importPem / importPkcs12 (key files by reference),
// profiles.generateKey (CSR offered as a download), profiles.backup / renew / forgetOldKeys and the
// keys.rewrap progress, profiles.remove, receipts.setSending, settings.update, sandbox.reset.
import { useState } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { SettingsView, type SettingsViewProps } from './settings-view.js';
import { NotificationSettings } from '../whats-new/notification-settings.js';
import { OneTimeSecret, useAddProfile, usePickKeyFile } from '../profiles/profile-import.js';
import { useRenewProfile } from '../keys/renewal.js';
import { useReceiptSending, useSetReceiptSending } from '../receipts/receipts.js';
import { triggerDownload } from '../file-manager/download.js';
import { useCertificateChanges, useRewrapCertificate } from '../trust/certificates.js';
import { NOTHING_SHARED_AGAIN, renewedStatus, sharedAgainStatus } from '../trust/sharing-again-words.js';
import { useProfiles, useRemoveProfile, useResetSandbox } from '../profiles/profiles.js';
import { useBackupProfile, useForgetOldKeys, useGenerateKey } from '../keys/keys.js';
import { useRewrapProgress } from '../keys/rewrap-progress.js';
import { useSetTrustAnchors } from '../trust/trust-anchors.js';
import { useAppInfo, useSettings, useUpdateSettings } from './settings.js';
import { downloadText, readAsText } from '../../lib/file-read.js';
import { CollaboratorPinsPanel } from '../trust/collaborator-pins.js';
import { useCertificateDecision } from '../trust/use-trust.js';

type Csr = { commonName: string; csrPem: string; pendingKeyId: string };

/** The CSR of a generated key, offered as a download named for its common name. */
function saveCsr(csr: Csr | undefined): void {
  if (csr)
    downloadText(csr.csrPem, `${csr.commonName.replace(/[^\w.-]+/g, '_') || 'request'}.csr`, 'application/pkcs10');
}
import type { SlotDialogProps } from '../../lib/dialog-slots.js';

export function SettingsDialog({ onClose }: SlotDialogProps) {
  const appInfo = useAppInfo();
  const profiles = useProfiles();
  const settings = useSettings();
  const addProfile = useAddProfile();
  const pickKeyFile = usePickKeyFile();
  const generateKey = useGenerateKey();
  const removeProfile = useRemoveProfile();
  const updateSettings = useUpdateSettings();
  const resetSandbox = useResetSandbox();
  const setTrustAnchors = useSetTrustAnchors();
  const backupProfile = useBackupProfile();
  const forgetOldKeys = useForgetOldKeys();
  const renewProfile = useRenewProfile();
  const renewKey = useGenerateKey();
  const rewrapProgress = useRewrapProgress();
  const activeId = profiles.data?.find((p) => p.active)?.id;
  const receiptSending = useReceiptSending(activeId);
  const setReceiptSending = useSetReceiptSending(activeId ?? '');
  const certificateChanges = useCertificateChanges(activeId);
  const rewrap = useRewrapCertificate(activeId);
  const decision = useCertificateDecision(activeId);
  const [status, setStatus] = useState<string | undefined>();
  const [actionError, setActionError] = useState<SettingsViewProps['actionError']>();
  const [addError, setAddError] = useState<AppError | undefined>();
  const [adding, setAdding] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [csr, setCsr] = useState<Csr | undefined>();
  const [renewCsr, setRenewCsr] = useState<Csr | undefined>();

  return (
    <SettingsView
      profiles={profiles.data ?? []}
      settings={settings.data}
      now={Date.now()}
      platform={appInfo.data?.platform}
      loadError={settings.error ? toAppError(settings.error) : profiles.error ? toAppError(profiles.error) : undefined}
      status={status}
      actionError={actionError}
      removing={removeProfile.isPending}
      onRemoveProfile={(profileId) => {
        setActionError(undefined);
        removeProfile.mutate(profileId, {
          onSuccess: () => setStatus('The profile and its key were removed.'),
          onError: (e) => setActionError({ context: 'The profile could not be removed.', error: toAppError(e) }),
        });
      }}
      onImportTrustAnchors={(profileId, file) => {
        setActionError(undefined);
        void readAsText(file)
          .then((certificatesPem) => setTrustAnchors.mutateAsync({ profileId, certificatesPem }))
          .then((p) =>
            setStatus(
              `${p.trustAnchorCount ?? 0} trust anchor${p.trustAnchorCount === 1 ? '' : 's'} imported for "${p.name}".`,
            ),
          )
          .catch((e: unknown) =>
            setActionError({
              context: 'The trust anchors were not imported; nothing changed.',
              error: toAppError(e),
              at: { profileId, section: 'trust' },
            }),
          );
      }}
      onBackup={(profileId, password) => {
        setActionError(undefined);
        setStatus('Backing up the key…');
        backupProfile.mutate(
          { profileId, password: new OneTimeSecret(password) },
          {
            onSuccess: (r) => {
              // The browser host has no save dialog: it offers the file once, as it does documents.
              if (r.download) triggerDownload(r.download);
              setStatus(
                !r.saved
                  ? 'No backup was saved.'
                  : r.download
                    ? `The backup of "${r.profile.name}" is downloading: the browser saves the .p12 file with your downloads, and the key counts as backed up once it has.`
                    : `The keys of "${r.profile.name}" were backed up.`,
              );
            },
            onError: (e) => {
              setStatus(undefined);
              setActionError({
                context: 'The key was not backed up.',
                error: toAppError(e),
                at: { profileId, section: 'backup' },
              });
            },
          },
        );
      }}
      onForgetOldKeys={(profileId) => {
        setActionError(undefined);
        forgetOldKeys.mutate(profileId, {
          onSuccess: (p) =>
            setStatus(`The old keys of "${p.name}" were forgotten; everything opens with its current key.`),
          onError: (e) =>
            setActionError({
              context: 'The old keys were kept.',
              error: toAppError(e),
              at: { profileId, section: 'keys' },
            }),
        });
      }}
      rewrap={rewrapProgress}
      renew={{
        busy: renewProfile.isPending,
        error: renewProfile.error ? toAppError(renewProfile.error) : undefined,
        onPickKeyFile: appInfo.data?.nativeFiles ? pickKeyFile : undefined,
        generate: {
          busy: renewKey.isPending,
          error: renewKey.error ? toAppError(renewKey.error) : undefined,
          csr: renewCsr,
          onGenerate: (input) =>
            renewKey.mutate(input, {
              onSuccess: (r) =>
                setRenewCsr({ commonName: input.commonName, csrPem: r.csrPem, pendingKeyId: r.pendingKeyId }),
            }),
          onSaveCsr: () => saveCsr(renewCsr),
        },
        onRenew: (request) => {
          setActionError(undefined);
          renewProfile.mutate(request, {
            onSuccess: (p) => {
              setRenewCsr(undefined);
              setStatus(renewedStatus(p.name));
            },
          });
        },
      }}
      receipts={
        activeId
          ? {
              sending: receiptSending.data?.sending,
              error: setReceiptSending.error ? toAppError(setReceiptSending.error) : undefined,
              onChange: (on) => setReceiptSending.mutate(on),
            }
          : undefined
      }
      certificates={{
        changes: certificateChanges.data?.changes ?? [],
        expiring: certificateChanges.data?.expiring ?? [],
        loading: certificateChanges.isLoading,
        error: certificateChanges.error ? toAppError(certificateChanges.error) : undefined,
        rewrapping: rewrap.isPending ? rewrap.variables : undefined,
        pins: activeId ? <CollaboratorPinsPanel profileId={activeId} /> : undefined,
        decide: {
          deciding: decision.accept.isPending || decision.keep.isPending,
          onAccept: (organizationId, sha256) => {
            setActionError(undefined);
            decision.accept.mutate(
              { organizationId, sha256 },
              { onError: (e) => setActionError({ context: 'Nothing was decided.', error: toAppError(e) }) },
            );
          },
          onKeep: (organizationId) => {
            setActionError(undefined);
            decision.keep.mutate(organizationId, {
              onError: (e) => setActionError({ context: 'Nothing was decided.', error: toAppError(e) }),
            });
          },
        },
        onRewrap: (organizationId) => {
          setActionError(undefined);
          rewrap.mutate(organizationId, {
            onSuccess: (r) => {
              const failed = r.results.filter((x) => !x.ok).length;
              setStatus(sharedAgainStatus(r.results.length - failed, failed));
            },
            onError: (e) => setActionError({ context: NOTHING_SHARED_AGAIN, error: toAppError(e) }),
          });
        },
      }}
      add={{
        busy: adding,
        error: addError,
        formKey,
        pendingKey: csr ? { pendingKeyId: csr.pendingKeyId, commonName: csr.commonName } : undefined,
        onPickKeyFile: appInfo.data?.nativeFiles ? pickKeyFile : undefined,
        onSubmit: (input) => {
          setAdding(true);
          setAddError(undefined);
          addProfile
            .mutateAsync(input)
            .then((profile) => {
              setStatus(`Profile "${profile.name}" added for ${profile.organizationName}.`);
              setFormKey((k) => k + 1);
              if (input.kind === 'pem' && input.pendingKeyId) setCsr(undefined);
            })
            .catch((e: unknown) => setAddError(toAppError(e)))
            .finally(() => setAdding(false));
        },
      }}
      generate={{
        busy: generateKey.isPending,
        error: generateKey.error ? toAppError(generateKey.error) : undefined,
        csr,
        onGenerate: (input) =>
          generateKey.mutate(input, {
            onSuccess: (r) => setCsr({ commonName: input.commonName, csrPem: r.csrPem, pendingKeyId: r.pendingKeyId }),
          }),
        onSaveCsr: () => saveCsr(csr),
      }}
      preferencesBusy={updateSettings.isPending}
      notifications={<NotificationSettings />}
      onPreferences={(patch) =>
        updateSettings.mutate(patch, {
          onError: (e) => setActionError({ context: 'The setting could not be saved.', error: toAppError(e) }),
        })
      }
      resetting={resetSandbox.isPending}
      onResetSandbox={() =>
        resetSandbox.mutate(undefined, {
          onSuccess: () => setStatus('The sandbox was reset.'),
          onError: (e) => setActionError({ context: 'The sandbox could not be reset.', error: toAppError(e) }),
        })
      }
      onClose={onClose}
    />
  );
}
