// Administration wired to admin.createOrganization / updateOrganization / putCertificate; the
// certificate file is read here (FileReader → base64) with its media type from the extension.
import { useState } from 'react';
import type { Organization } from '../../../shared/types.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
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
        // An unknown extension still goes to the service, whose refusal (1004) then says why.
        const mediaType = certificateMediaType(file.name) ?? (file.type || 'application/octet-stream');
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
