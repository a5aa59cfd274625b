// Administration of the directory (administrator profiles): create an organization, rename it,
// set or clear sIRB, disable or enable it, upload its certificate file. The service's refusals
// (duplicate name 1003, bad certificate 1010, media type 1004) appear in the form that caused them.
import { useEffect, useState, type FormEvent } from 'react';
import type { Organization } from '../../../shared/types.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { CheckField } from '../../components/common/check-field.js';
import { CloseAction, Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { FormError } from '../../components/common/form-error.js';
import { TextField } from '../../components/common/text-field.js';
import { orgTraits } from '../../lib/org-traits.js';

export type AdminForm = 'create' | 'edit';

export interface AdminViewProps {
  readonly isAdmin: boolean;
  readonly query: string;
  readonly onQuery: (query: string) => void;
  readonly organizations: readonly Organization[];
  readonly listError?: AppError;
  readonly selected?: Organization;
  readonly onSelect: (org: Organization) => void;
  readonly busy: boolean;
  readonly error?: { readonly form: AdminForm; readonly error: AppError };
  readonly status?: string;
  readonly onCreate: (input: { name: string; isSirb: boolean }) => void;
  readonly onRename: (name: string) => void;
  readonly onSetSirb: (isSirb: boolean) => void;
  readonly onSetDisabled: (isDisabled: boolean) => void;
  readonly onCertificateFile: (file: File) => void;
  readonly onClose: () => void;
}

export function AdminView(props: AdminViewProps) {
  const { selected, busy, error } = props;
  const [name, setName] = useState('');
  const [isSirb, setIsSirb] = useState(false);
  const [rename, setRename] = useState(selected?.name ?? '');
  useEffect(() => setRename(selected?.name ?? ''), [selected?.id, selected?.name]);

  const create = (e: FormEvent): void => {
    e.preventDefault();
    if (name.trim()) props.onCreate({ name: name.trim(), isSirb });
  };
  const doRename = (e: FormEvent): void => {
    e.preventDefault();
    if (rename.trim() && rename.trim() !== selected?.name) props.onRename(rename.trim());
  };

  return (
    <Dialog
      title="Administration"
      onClose={props.onClose}
      testId="admin-dialog"
      wide
      actions={<CloseAction onClose={props.onClose} />}
    >
      {!props.isAdmin ? (
        <p className="warning">
          This profile is not marked as an administrator of the exchange; the exchange will refuse these actions.
        </p>
      ) : null}
      <form className="form-grid" onSubmit={create} aria-label="Create an organization">
        <h3 className="section-title">Create an organization</h3>
        <TextField label="Name" testId="admin-create-name" value={name} maxLength={200} required onText={setName} />
        <CheckField testId="admin-create-sirb" checked={isSirb} onCheck={setIsSirb}>
          Single IRB of record (sIRB)
        </CheckField>
        <div className="row-actions">
          <button type="submit" className="primary" data-testid="admin-create-submit" disabled={busy || !name.trim()}>
            Create
          </button>
        </div>
        {error?.form === 'create' ? (
          <FormError error={error.error} context="The organization was not created." testId="admin-form-error" />
        ) : null}
      </form>

      <section aria-label="Change an organization" className="grant-section">
        <h3 className="section-title">Change an organization</h3>
        <TextField
          label="Find by name"
          type="search"
          testId="admin-search"
          value={props.query}
          placeholder="Organization name"
          onText={props.onQuery}
        />
        {props.listError ? <ErrorDisplay context="The directory could not be loaded." error={props.listError} /> : null}
        <ul className="plain-list option-list" aria-label="Organizations">
          {props.organizations.map((org) => (
            <li key={org.id}>
              <button
                type="button"
                className={`option ${org.id === selected?.id ? 'selected' : ''}`}
                aria-pressed={org.id === selected?.id}
                data-testid="admin-org-option"
                onClick={() => props.onSelect(org)}
              >
                {org.name}
                <span className="muted">{orgTraits(org, { certificate: true })}</span>
              </button>
            </li>
          ))}
        </ul>
        {selected ? (
          <div className="form-grid" data-testid="admin-edit" aria-label={`Change ${selected.name}`}>
            <p>
              <strong data-testid="admin-selected-name">{selected.name}</strong>{' '}
              <span className="muted">
                · {selected.isSirb ? 'sIRB' : 'pSite'} · {selected.isDisabled ? 'disabled' : 'active'} · certificate{' '}
                {selected.thumbprint ? (
                  <>
                    SHA-1 fingerprint{' '}
                    <span className="mono" data-testid="admin-cert-fingerprint">
                      {selected.thumbprint}
                    </span>
                  </>
                ) : (
                  'none'
                )}
              </span>
            </p>
            <form className="inline-form" onSubmit={doRename}>
              <TextField
                label="New name"
                testId="admin-rename-input"
                value={rename}
                maxLength={200}
                onText={setRename}
              />
              <button
                type="submit"
                data-testid="admin-rename-submit"
                disabled={busy || !rename.trim() || rename.trim() === selected.name}
              >
                Rename
              </button>
            </form>
            <div className="row-actions">
              <button
                type="button"
                data-testid="admin-sirb-toggle"
                disabled={busy}
                onClick={() => props.onSetSirb(!selected.isSirb)}
              >
                {selected.isSirb ? 'Clear sIRB' : 'Make sIRB'}
              </button>
              <button
                type="button"
                className={selected.isDisabled ? '' : 'danger'}
                data-testid="admin-disable-toggle"
                disabled={busy}
                onClick={() => props.onSetDisabled(!selected.isDisabled)}
              >
                {selected.isDisabled ? 'Enable' : 'Disable'}
              </button>
            </div>
            <label className="field-label">
              Upload its certificate (PEM, DER, .cer or .crt file)
              <input
                type="file"
                accept=".pem,.der,.cer,.crt"
                data-testid="admin-cert-input"
                disabled={busy}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) props.onCertificateFile(file);
                }}
              />
            </label>
            {error?.form === 'edit' ? (
              <FormError error={error.error} context={`${selected.name} was not changed.`} testId="admin-form-error" />
            ) : null}
          </div>
        ) : (
          <p className="muted">Choose an organization to change it.</p>
        )}
      </section>
      <div role="status" aria-live="polite" className="status-line" data-testid="admin-status">
        {busy ? 'Working…' : (props.status ?? '')}
      </div>
    </Dialog>
  );
}
