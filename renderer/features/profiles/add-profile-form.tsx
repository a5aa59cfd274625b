// Add a profile from PEM files (key + certificate, or the key generated here + its certificate), or
// from a backup (a PKCS#12 file) with its password. Key files are never read here: they go to main by
// reference (staged, or chosen in main's own dialog where there is one).
import { useReducer, useRef, type FormEvent } from 'react';
import { ENVIRONMENTS, type AppError, type Environment, type FileRef } from '../../../shared/ipc/views.js';
import type { AddProfileRequest } from './profile-import.js';
import { CheckField } from '../../components/common/check-field.js';
import { FormError } from '../../components/common/form-error.js';
import {
  draftProblem,
  draftReducer,
  draftRequest,
  emptyDraft,
  generatedKey,
  type AddProfileSource,
  type PendingKey,
} from './add-profile-draft.js';
import { CertificateFileField, KeyFileField } from '../../components/common/file-pick-button.js';

export type AddProfileInput = AddProfileRequest;

export interface AddProfileFormProps {
  /** From key and certificate files (or the key generated here), or from a PKCS#12 backup. */
  readonly source: AddProfileSource;
  readonly defaults: { readonly baseUrl: string; readonly environment: Environment };
  readonly pendingKey?: PendingKey;
  readonly busy: boolean;
  readonly error?: AppError;
  readonly onSubmit: (input: AddProfileInput) => void;
  /** Main's own file dialog (Electron): key files are chosen there instead of in the page. */
  readonly onPickKeyFile?: () => Promise<FileRef | undefined>;
}

export function AddProfileForm({
  source,
  defaults,
  pendingKey,
  busy,
  error,
  onSubmit,
  onPickKeyFile,
}: AddProfileFormProps) {
  const [draft, edit] = useReducer(draftReducer, defaults, emptyDraft);
  const form = useRef<HTMLFormElement>(null);
  const title = source === 'backup' ? 'Add profile from a backup' : 'Add a profile';
  const generated = generatedKey(draft, pendingKey);
  const problem = draftProblem(draft, source, pendingKey);
  const {
    name,
    environment,
    baseUrl,
    organizationId,
    administrator,
    keyFile,
    certificateFile,
    useGenerated,
    p12,
    password,
  } = draft;

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const request = draftRequest(draft, source, pendingKey);
    if (request) onSubmit(request);
  };

  return (
    <form
      ref={form}
      className="form-grid settings-section"
      aria-label={title}
      onSubmit={submit}
      data-testid="profile-add-form"
    >
      <h3 className="section-title">{title}</h3>
      {source === 'backup' ? (
        <p className="muted">
          A backup made with “Back up this key…” (or any PKCS#12 file) brings back the key, the keys kept for reading
          and the certificate. The password is the one chosen for the backup.
        </p>
      ) : null}
      <div className="field-row">
        <label className="field-label">
          Profile name
          <input
            data-testid="profile-add-name"
            value={name}
            maxLength={100}
            onChange={(e) => edit({ field: 'name', value: e.target.value })}
          />
        </label>
        <label className="field-label">
          Environment
          <select
            data-testid="profile-add-environment"
            value={environment}
            onChange={(e) => edit({ field: 'environment', value: e.target.value as Environment })}
          >
            {ENVIRONMENTS.map((env) => (
              <option key={env} value={env}>
                {env}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="field-label">
        Exchange address
        <input
          data-testid="profile-add-base-url"
          value={baseUrl}
          onChange={(e) => edit({ field: 'baseUrl', value: e.target.value })}
        />
      </label>
      <label className="field-label">
        Organization id
        <input
          data-testid="profile-add-org-id"
          className="mono"
          value={organizationId}
          maxLength={32}
          onChange={(e) => edit({ field: 'organizationId', value: e.target.value })}
        />
      </label>
      <CheckField
        testId="profile-add-admin"
        checked={administrator}
        onCheck={(value) => edit({ field: 'administrator', value })}
      >
        This organization administers the exchange
      </CheckField>
      {source === 'files' ? (
        <fieldset>
          <legend>Key and certificate (PEM files)</legend>
          {pendingKey ? (
            <CheckField
              testId="profile-add-use-generated"
              checked={useGenerated}
              onCheck={(value) => edit({ field: 'useGenerated', value })}
            >
              Use the key generated here ({pendingKey.commonName})
            </CheckField>
          ) : null}
          <KeyFileField
            field="Private key (.pem, .key)"
            label="Choose the private key…"
            accept=".pem,.key"
            testId="profile-add-pem-key"
            disabled={!!generated}
            value={keyFile}
            onChange={(value) => edit({ field: 'keyFile', value })}
            onPick={onPickKeyFile}
          />
          <CertificateFileField
            label="Choose the certificate…"
            testId="profile-add-pem-cert"
            chosen={certificateFile}
            onFile={(value) => edit({ field: 'certificateFile', value })}
          />
        </fieldset>
      ) : (
        <fieldset>
          <legend>The backup (PKCS#12 file)</legend>
          <KeyFileField
            field="Backup file (.p12, .pfx)"
            label="Choose the backup file…"
            accept=".p12,.pfx"
            testId="profile-add-p12-file"
            value={p12}
            onChange={(value) => edit({ field: 'p12', value })}
            onPick={onPickKeyFile}
          />
          <label className="field-label">
            Its password
            <input
              type="password"
              autoComplete="off"
              data-testid="profile-add-p12-password"
              value={password}
              onChange={(e) => edit({ field: 'password', value: e.target.value })}
            />
          </label>
        </fieldset>
      )}
      {problem ? (
        <p className="muted" data-testid="profile-add-hint">
          {problem}
        </p>
      ) : null}
      {/* Above the button, where the eye is when the refusal comes. */}
      {error ? (
        <FormError error={error} context="The profile was not added; nothing was saved." testId="profile-add-error" />
      ) : null}
      <div className="row-actions">
        <button type="submit" className="primary" data-testid="profile-add-submit" disabled={busy || !!problem}>
          {busy ? 'Adding…' : source === 'backup' ? 'Restore profile' : 'Add profile'}
        </button>
      </div>
    </form>
  );
}
