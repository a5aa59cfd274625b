// Add a profile from PEM files (key + certificate, or the key generated here + its certificate) or
// from a PKCS#12 file with its password. The files go up as File objects; the dialog reads them.
import { useRef, useState, type FormEvent } from 'react';
import { ENVIRONMENTS, type AppError, type Environment } from '../../../shared/ipc/views.js';
import { FormError } from '../common/form-error.js';

export interface ProfileIdentity {
  readonly name: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly administrator: boolean;
}

export type AddProfileInput =
  | (ProfileIdentity & { readonly kind: 'pem'; readonly keyFile?: File; readonly certificateFile: File; readonly pendingKeyId?: string })
  | (ProfileIdentity & { readonly kind: 'pkcs12'; readonly file: File; readonly password: string });

export interface AddProfileFormProps {
  readonly defaults: { readonly baseUrl: string; readonly environment: Environment };
  readonly pendingKey?: { readonly pendingKeyId: string; readonly commonName: string };
  readonly busy: boolean;
  readonly error?: AppError;
  readonly onSubmit: (input: AddProfileInput) => void;
}


/** What is still missing, in words; undefined when the form can be sent. */
export function addProfileProblem(f: { name: string; baseUrl: string; organizationId: string; hasKey: boolean; hasCert: boolean; hasP12: boolean }): string | undefined {
  if (!f.name.trim()) return 'Give the profile a name.';
  if (!/^https?:\/\/\S+$/.test(f.baseUrl.trim())) return 'Enter the exchange address (https://…).';
  if (!/^[0-9a-f]{32}$/.test(f.organizationId.trim())) return 'Enter the organization id: 32 characters 0-9 and a-f, as registered at the exchange.';
  if (!f.hasP12 && !(f.hasKey && f.hasCert)) return 'Choose a PKCS#12 file, or a private key and a certificate.';
  return undefined;
}

export function AddProfileForm({ defaults, pendingKey, busy, error, onSubmit }: AddProfileFormProps) {
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<Environment>(defaults.environment);
  const [baseUrl, setBaseUrl] = useState(defaults.baseUrl);
  const [organizationId, setOrganizationId] = useState('');
  const [administrator, setAdministrator] = useState(false);
  const [keyFile, setKeyFile] = useState<File | undefined>();
  const [certificateFile, setCertificateFile] = useState<File | undefined>();
  const [useGenerated, setUseGenerated] = useState(false);
  const [p12, setP12] = useState<File | undefined>();
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);

  const generated = useGenerated && pendingKey ? pendingKey : undefined;
  const problem = addProfileProblem({ name, baseUrl, organizationId, hasKey: !!keyFile || !!generated, hasCert: !!certificateFile, hasP12: !!p12 });

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (problem) return;
    const identity: ProfileIdentity = { name: name.trim(), environment, baseUrl: baseUrl.trim(), organizationId: organizationId.trim(), administrator };
    if (p12) onSubmit({ ...identity, kind: 'pkcs12', file: p12, password });
    else if (certificateFile) onSubmit({ ...identity, kind: 'pem', keyFile: generated ? undefined : keyFile, certificateFile, pendingKeyId: generated?.pendingKeyId });
  };

  return (
    <form ref={form} className="form-grid settings-section" aria-label="Add a profile" onSubmit={submit} data-testid="profile-add-form">
      <h3 className="section-title">Add a profile</h3>
      <div className="field-row">
        <label className="field-label">
          Profile name
          <input data-testid="profile-add-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field-label">
          Environment
          <select data-testid="profile-add-environment" value={environment} onChange={(e) => setEnvironment(e.target.value as Environment)}>
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
        <input data-testid="profile-add-org-id" className="mono" value={organizationId} maxLength={32} onChange={(e) => setOrganizationId(e.target.value.toLowerCase())} />
      </label>
      <label className="check">
        <input type="checkbox" data-testid="profile-add-admin" checked={administrator} onChange={(e) => setAdministrator(e.target.checked)} />
        This organization administers the exchange
      </label>
      <fieldset>
        <legend>From PEM files</legend>
        {pendingKey ? (
          <label className="check">
            <input type="checkbox" data-testid="profile-add-use-generated" checked={useGenerated} onChange={(e) => setUseGenerated(e.target.checked)} />
            Use the key generated above ({pendingKey.commonName})
          </label>
        ) : null}
        <label className="field-label">
          Private key (.pem, .key)
          <input type="file" accept=".pem,.key" data-testid="profile-add-pem-key" disabled={!!generated} onChange={(e) => setKeyFile(e.currentTarget.files?.[0])} />
        </label>
        <label className="field-label">
          Certificate (.pem, .crt)
          <input type="file" accept=".pem,.crt,.cer" data-testid="profile-add-pem-cert" onChange={(e) => setCertificateFile(e.currentTarget.files?.[0])} />
        </label>
      </fieldset>
      <fieldset>
        <legend>Or from a PKCS#12 file</legend>
        <label className="field-label">
          PKCS#12 file (.p12, .pfx)
          <input type="file" accept=".p12,.pfx" data-testid="profile-add-p12-file" onChange={(e) => setP12(e.currentTarget.files?.[0])} />
        </label>
        <label className="field-label">
          Its password
          <input type="password" autoComplete="off" data-testid="profile-add-p12-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
      </fieldset>
      {problem ? (
        <p className="muted" data-testid="profile-add-hint">
          {problem}
        </p>
      ) : null}
      <div className="row-actions">
        <button type="submit" className="primary" data-testid="profile-add-submit" disabled={busy || !!problem}>
          {busy ? 'Adding…' : 'Add profile'}
        </button>
      </div>
      {error ? <FormError error={error} context="The profile was not added; nothing was saved." testId="profile-add-error" /> : null}
    </form>
  );
}
