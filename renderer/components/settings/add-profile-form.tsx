// Add a profile from PEM files (key + certificate, or the key generated here + its certificate), or
// from a backup (a PKCS#12 file) with its password. Key files are never read here: they go to main by
// reference (staged, or chosen in main's own dialog where there is one).
import { useRef, useState, type FormEvent } from 'react';
import { ENVIRONMENTS, type AppError, type Environment, type FileRef } from '../../../shared/ipc/views.js';
import { exchangeUrlProblem } from '../../../shared/exchange-url.js';
import { OneTimeSecret, type AddProfileRequest, type KeyFileSource } from '../../features/profiles/profile-import.js';
import { FormError } from '../common/form-error.js';
import { CertificateFileField, KeyFileField } from './file-pick-button.js';

interface ProfileIdentity {
  readonly name: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly administrator: boolean;
}

export type AddProfileInput = AddProfileRequest;

export interface AddProfileFormProps {
  /** From key and certificate files (or the key generated here), or from a PKCS#12 backup. */
  readonly source: 'files' | 'backup';
  readonly defaults: { readonly baseUrl: string; readonly environment: Environment };
  readonly pendingKey?: { readonly pendingKeyId: string; readonly commonName: string };
  readonly busy: boolean;
  readonly error?: AppError;
  readonly onSubmit: (input: AddProfileInput) => void;
  /** Main's own file dialog (Electron): key files are chosen there instead of in the page. */
  readonly onPickKeyFile?: () => Promise<FileRef | undefined>;
}

/** What is still missing, in words; undefined when the form can be sent. */
function addProfileProblem(f: {
  name: string;
  baseUrl: string;
  environment: Environment;
  organizationId: string;
  hasKey: boolean;
  hasCert: boolean;
  hasP12: boolean;
  backup: boolean;
}): string | undefined {
  if (!f.name.trim()) return 'Give the profile a name.';
  if (!/^https?:\/\/\S+$/.test(f.baseUrl.trim())) return 'Enter the exchange address (https://…).';
  const insecure = exchangeUrlProblem(f.baseUrl.trim(), f.environment);
  if (insecure) return insecure;
  if (!/^[0-9a-f]{32}$/.test(f.organizationId.trim()))
    return 'Enter the organization id: 32 characters 0-9 and a-f, as registered at the exchange.';
  if (f.backup) return f.hasP12 ? undefined : 'Choose the PKCS#12 backup file (.p12, .pfx).';
  if (!f.hasKey) return 'Choose the private key file, or use the key generated here.';
  if (!f.hasCert) return 'Choose the certificate issued for the key.';
  return undefined;
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
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>(defaults.environment);
  const [baseUrl, setBaseUrl] = useState(defaults.baseUrl);
  const [organizationId, setOrganizationId] = useState('');
  const [administrator, setAdministrator] = useState(false);
  const [keyFile, setKeyFile] = useState<KeyFileSource | undefined>();
  const [certificateFile, setCertificateFile] = useState<File | undefined>();
  const [useGenerated, setUseGenerated] = useState(false);
  const [p12, setP12] = useState<KeyFileSource | undefined>();
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const title = source === 'backup' ? 'Add profile from a backup' : 'Add a profile';

  const generated = useGenerated && pendingKey ? pendingKey : undefined;
  const problem = addProfileProblem({
    name,
    baseUrl,
    environment,
    organizationId,
    hasKey: !!keyFile || !!generated,
    hasCert: !!certificateFile,
    hasP12: !!p12,
    backup: source === 'backup',
  });

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (problem) return;
    const identity: ProfileIdentity = {
      name: name.trim(),
      environment,
      baseUrl: baseUrl.trim(),
      organizationId: organizationId.trim(),
      administrator,
    };
    if (source === 'backup' && p12)
      onSubmit({ ...identity, kind: 'pkcs12', file: p12, password: new OneTimeSecret(password) });
    else if (source === 'files' && certificateFile)
      onSubmit({
        ...identity,
        kind: 'pem',
        keyFile: generated ? undefined : keyFile,
        certificateFile,
        pendingKeyId: generated?.pendingKeyId,
      });
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
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="field-label">
          Environment
          <select
            data-testid="profile-add-environment"
            value={environment}
            onChange={(e) => setEnvironment(e.target.value as Environment)}
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
        <input data-testid="profile-add-base-url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
      </label>
      <label className="field-label">
        Organization id
        <input
          data-testid="profile-add-org-id"
          className="mono"
          value={organizationId}
          maxLength={32}
          onChange={(e) => setOrganizationId(e.target.value.toLowerCase())}
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="profile-add-admin"
          checked={administrator}
          onChange={(e) => setAdministrator(e.target.checked)}
        />
        This organization administers the exchange
      </label>
      {source === 'files' ? (
        <fieldset>
          <legend>Key and certificate (PEM files)</legend>
          {pendingKey ? (
            <label className="check">
              <input
                type="checkbox"
                data-testid="profile-add-use-generated"
                checked={useGenerated}
                onChange={(e) => setUseGenerated(e.target.checked)}
              />
              Use the key generated here ({pendingKey.commonName})
            </label>
          ) : null}
          <KeyFileField
            field="Private key (.pem, .key)"
            label="Choose the private key…"
            accept=".pem,.key"
            testId="profile-add-pem-key"
            disabled={!!generated}
            value={keyFile}
            onChange={setKeyFile}
            onPick={onPickKeyFile}
          />
          <CertificateFileField
            label="Choose the certificate…"
            testId="profile-add-pem-cert"
            chosen={certificateFile}
            onFile={setCertificateFile}
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
            onChange={setP12}
            onPick={onPickKeyFile}
          />
          <label className="field-label">
            Its password
            <input
              type="password"
              autoComplete="off"
              data-testid="profile-add-p12-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
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
