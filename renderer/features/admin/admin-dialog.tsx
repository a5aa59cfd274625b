// Administration wired to admin.createOrganization / updateOrganization / putCertificate; the
// certificate file is read here (FileReader → base64) with its media type from the extension.
import { useState } from 'react';
import type { Organization } from '../../../shared/types.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { appError } from '../../../shared/app-error.js';
import { AdminView, type AdminForm } from './admin-view.js';
import {
  useCreateOrganization,
  useOrganizations,
  usePutCertificate,
  useUpdateOrganization,
} from '../profiles/directory.js';
import { useProfiles } from '../profiles/profiles.js';
import { certificateMediaType, readAsBase64 } from '../../lib/file-read.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';

export function AdminDialog({ context, onClose }: SlotDialogProps) {
  const { profileId } = context;
  const profiles = useProfiles();
  const isAdmin = !!profiles.data?.find((p) => p.id === profileId)?.roles.includes('admin');
  const [query, setQuery] = useState('');
  const prefix = query.trim();
  const list = useOrganizations(profileId, prefix);
  const create = useCreateOrganization(profileId);
  const update = useUpdateOrganization(profileId);
  const putCertificate = usePutCertificate(profileId);
  const [selected, setSelected] = useState<Organization | undefined>();
  const [error, setError] = useState<{ form: AdminForm; error: AppError } | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const busy = create.isPending || update.isPending || putCertificate.isPending;

  const changed = (org: Organization, message: string): void => {
    setSelected(org);
    setError(undefined);
    setStatus(message);
  };
  const failed = (form: AdminForm) => (e: unknown) => {
    setStatus(undefined);
    setError({ form, error: toAppError(e) });
  };
  const patch = (
    args: { name?: string; isSirb?: boolean; isDisabled?: boolean },
    done: (org: Organization) => string,
  ): void => {
    if (!selected) return;
    update.mutate(
      { organizationId: selected.id, ...args },
      { onSuccess: (org) => changed(org, done(org)), onError: failed('edit') },
    );
  };

  return (
    <AdminView
      isAdmin={isAdmin}
      query={query}
      onQuery={setQuery}
      organizations={list.data ?? []}
      listError={list.error ? toAppError(list.error) : undefined}
      selected={selected}
      onSelect={(org) => {
        setSelected(org);
        setError(undefined);
        setStatus(undefined);
      }}
      busy={busy}
      error={error}
      status={status}
      onCreate={(input) =>
        create.mutate(input, {
          onSuccess: (org) => changed(org, `${org.name} was created. Upload its certificate below.`),
          onError: failed('create'),
        })
      }
      onRename={(name) => patch({ name }, (org) => `Renamed to ${org.name}.`)}
      onSetSirb={(isSirb) =>
        patch({ isSirb }, (org) => `${org.name} is ${org.isSirb ? 'now an sIRB' : 'no longer an sIRB'}.`)
      }
      onSetDisabled={(isDisabled) =>
        patch({ isDisabled }, (org) => `${org.name} is ${org.isDisabled ? 'disabled' : 'enabled'}.`)
      }
      onCertificateFile={(file) => {
        const org = selected;
        if (!org) return;
        // Main takes only the media types the service does (the door refuses any other): said here.
        const mediaType = certificateMediaType(file.name);
        if (!mediaType) {
          setStatus(undefined);
          setError({
            form: 'edit',
            error: appError(
              'invalid-argument',
              `${file.name} is not a certificate file this app can send.`,
              'Choose the certificate as a .pem, .crt, .cer or .der file.',
            ),
          });
          return;
        }
        setStatus(`Reading ${file.name}…`);
        readAsBase64(file)
          .then((certificateBase64) =>
            putCertificate.mutateAsync({ organizationId: org.id, certificateBase64, mediaType }),
          )
          .then((updated) =>
            changed(
              updated,
              `The certificate of ${updated.name} was uploaded (SHA-1 fingerprint ${updated.thumbprint || 'unknown'}).`,
            ),
          )
          .catch(failed('edit'));
      }}
      onClose={onClose}
    />
  );
}
