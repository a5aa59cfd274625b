// Renew a profile: a new key pair (generated here with a certificate signing request, or a key
// file) and the certificate issued for it. Main checks that the exchange's directory lists that
// certificate and says which step is missing; the old key stays as a reading key.
import { useState, type FormEvent } from 'react';
import type { AppError, FileRef } from '../../../shared/ipc/views.js';
import type { KeyFileSource } from '../profiles/profile-import.js';
import type { RenewRequest } from './renewal.js';
import { FormError } from '../../components/common/form-error.js';
import { CertificateFileField, KeyFileField } from '../../components/common/file-pick-button.js';
import { GenerateKeySection, type GenerateKeySectionProps } from './generate-key-section.js';

export interface RenewSectionProps {
  readonly busy: boolean;
  readonly error?: AppError;
  /** Generating the new key: its CSR once made (with the pending key's id). */
  readonly generate: Omit<GenerateKeySectionProps, 'csr'> & {
    readonly csr?: { readonly commonName: string; readonly csrPem: string; readonly pendingKeyId: string };
  };
  readonly onRenew: (request: RenewRequest) => void;
  /** Main's own file dialog for the key file (Electron). */
  readonly onPickKeyFile?: () => Promise<FileRef | undefined>;
}

const GENERATE_INTRO =
  'The new key is made and kept here. Send its certificate signing request to the consortium; once its ' +
  'administrator has registered the certificate issued for it, choose that certificate below.';

export function RenewSection({ profileId, ...props }: RenewSectionProps & { readonly profileId: string }) {
  const [open, setOpen] = useState(false);
  const [how, setHow] = useState<'generate' | 'file'>('generate');
  const [keyFile, setKeyFile] = useState<KeyFileSource | undefined>();
  const [certificate, setCertificate] = useState<File | undefined>();
  const pending = props.generate.csr;
  const key = how === 'generate' ? (pending ? { pendingKeyId: pending.pendingKeyId } : undefined) : keyFile;
  const problem = !key
    ? how === 'generate'
      ? 'Generate the new key first.'
      : 'Choose the new private key file.'
    : !certificate
      ? 'Choose the certificate issued for the new key.'
      : undefined;
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    if (!key || !certificate) return;
    props.onRenew({
      profileId,
      key: 'pendingKeyId' in key ? key : { file: key },
      certificateFile: certificate,
    });
  };
  if (!open)
    return (
      <section className="settings-section" aria-label="Renew">
        <h4 className="section-title">Renewal</h4>
        <p className="muted">
          A new certificate with a new key: the old key is kept for reading what was shared with it, and your own
          documents are shared again with the new certificate.
        </p>
        <button type="button" data-testid="profile-renew-open" onClick={() => setOpen(true)}>
          Renew…
        </button>
      </section>
    );
  return (
    <section className="settings-section renew" aria-label="Renew" data-testid="profile-renew">
      <h4 className="section-title">Renew this profile</h4>
      <fieldset>
        <legend>1. The new key</legend>
        <label className="check">
          <input type="radio" name="renew-how" checked={how === 'generate'} onChange={() => setHow('generate')} />
          Generate a new key here
        </label>
        <label className="check">
          <input
            type="radio"
            name="renew-how"
            data-testid="renew-how-file"
            checked={how === 'file'}
            onChange={() => setHow('file')}
          />
          Use a new key file
        </label>
        {how === 'file' ? (
          <KeyFileField
            field="Private key (.pem, .key)"
            label="Choose the new private key…"
            accept=".pem,.key"
            testId="renew-key-file"
            value={keyFile}
            onChange={setKeyFile}
            onPick={props.onPickKeyFile}
          />
        ) : null}
      </fieldset>
      {how === 'generate' ? (
        <GenerateKeySection {...props.generate} title="Generate the new key" intro={GENERATE_INTRO} />
      ) : null}
      <form className="form-grid" aria-label="Renew with the new certificate" onSubmit={submit}>
        <fieldset>
          <legend>2. The certificate issued for it</legend>
          <CertificateFileField
            label="Choose the new certificate…"
            testId="renew-cert"
            chosen={certificate}
            onFile={setCertificate}
          />
        </fieldset>
        <p className="muted" data-testid="renew-hint">
          {problem ??
            'The app checks that the exchange lists this certificate for your organization, and says which step is missing if not.'}
        </p>
        <div className="row-actions">
          <button type="submit" className="primary" data-testid="renew-submit" disabled={props.busy || !!problem}>
            {props.busy ? 'Renewing…' : 'Renew'}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
        {props.error ? (
          <FormError error={props.error} context="The profile was not renewed; nothing changed." testId="renew-error" />
        ) : null}
      </form>
    </section>
  );
}
