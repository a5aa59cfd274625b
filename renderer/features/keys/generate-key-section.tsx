// Generate a new key here: the private key stays in this app; the certificate signing request
// (CSR) is saved for the exchange's registration, whose certificate is then added as a profile.
import { useState, type FormEvent } from 'react';
import type { AppError } from '../../../shared/ipc/views.js';
import { FormError } from '../../components/common/form-error.js';
import { TextField } from '../../components/common/text-field.js';

export interface GenerateKeySectionProps {
  readonly busy: boolean;
  readonly error?: AppError;
  readonly csr?: { readonly commonName: string; readonly csrPem: string };
  readonly onGenerate: (input: {
    commonName: string;
    organization?: string;
    country?: string;
    bits: 2048 | 3072 | 4096;
  }) => void;
  readonly onSaveCsr: () => void;
  /** Where the key is for (a new profile, by default, or a renewal). */
  readonly title?: string;
  readonly intro?: string;
}

const NEW_PROFILE_INTRO =
  'For a new registration: the key is made and kept here; send the certificate signing request to the exchange, ' +
  'then add the certificate you get back below with “Use the key generated here”.';

export function GenerateKeySection({
  busy,
  error,
  csr,
  onGenerate,
  onSaveCsr,
  title = 'Generate a new key',
  intro = NEW_PROFILE_INTRO,
}: GenerateKeySectionProps) {
  const [commonName, setCommonName] = useState('');
  const [organization, setOrganization] = useState('');
  const [country, setCountry] = useState('');
  const [bits, setBits] = useState<2048 | 3072 | 4096>(2048);
  const countryOk = country === '' || /^[A-Z]{2}$/.test(country);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (!commonName.trim() || !countryOk) return;
    onGenerate({
      commonName: commonName.trim(),
      organization: organization.trim() || undefined,
      country: country || undefined,
      bits,
    });
  };
  return (
    <form className="form-grid settings-section" aria-label={title} onSubmit={submit}>
      <h3 className="section-title">{title}</h3>
      <p className="muted">{intro}</p>
      <div className="field-row">
        <TextField
          label="Common name"
          testId="profile-gen-cn"
          value={commonName}
          maxLength={64}
          onText={setCommonName}
        />
        <TextField
          label="Organization"
          testId="profile-gen-org"
          value={organization}
          maxLength={64}
          onText={setOrganization}
        />
        <TextField
          label="Country (2 letters)"
          testId="profile-gen-country"
          value={country}
          maxLength={2}
          size={3}
          onText={(text) => setCountry(text.toUpperCase())}
        />
        <label className="field-label">
          Key size
          <select
            data-testid="profile-gen-bits"
            value={bits}
            onChange={(e) => setBits(Number(e.target.value) as 2048 | 3072 | 4096)}
          >
            <option value={2048}>2048 bits</option>
            <option value={3072}>3072 bits</option>
            <option value={4096}>4096 bits</option>
          </select>
        </label>
      </div>
      <div className="row-actions">
        <button type="submit" data-testid="profile-gen-submit" disabled={busy || !commonName.trim() || !countryOk}>
          {busy ? 'Generating…' : 'Generate key'}
        </button>
      </div>
      {error ? <FormError error={error} context="No key was generated." testId="profile-gen-error" /> : null}
      {csr ? (
        <div data-testid="csr-result">
          <p>
            Key generated for {csr.commonName}. Save its certificate signing request and send it to the exchange's
            administrator.
          </p>
          <textarea
            className="mono csr"
            readOnly
            rows={5}
            value={csr.csrPem}
            aria-label="Certificate signing request"
          />
          <button type="button" className="primary" data-testid="csr-download" onClick={onSaveCsr}>
            Save the CSR…
          </button>
        </div>
      ) : null}
    </form>
  );
}
