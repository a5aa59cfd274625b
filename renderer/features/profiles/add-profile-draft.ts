// The Add profile form's fields as one value changed by one reducer, what is still missing in
// words, and the request the form sends: pure, so the form's rules are tested without a page.
import type { Environment } from '../../../shared/ipc/views.js';
import { exchangeUrlProblem } from '../../../shared/exchange-url.js';
import { OneTimeSecret, type AddProfileRequest, type KeyFileSource } from './profile-import.js';

export interface AddProfileDraft {
  readonly name: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  /** Kept in lower case, as the exchange registers it. */
  readonly organizationId: string;
  readonly administrator: boolean;
  readonly keyFile: KeyFileSource | undefined;
  readonly certificateFile: File | undefined;
  /** Use the key generated here (when there is one) instead of a key file. */
  readonly useGenerated: boolean;
  readonly p12: KeyFileSource | undefined;
  readonly password: string;
}

/** One field set to a value of its own type. */
export type DraftEdit = {
  [K in keyof AddProfileDraft]: { readonly field: K; readonly value: AddProfileDraft[K] };
}[keyof AddProfileDraft];

export type AddProfileSource = 'files' | 'backup';

export interface PendingKey {
  readonly pendingKeyId: string;
  readonly commonName: string;
}

export function emptyDraft(defaults: { readonly baseUrl: string; readonly environment: Environment }): AddProfileDraft {
  return {
    name: '',
    environment: defaults.environment,
    baseUrl: defaults.baseUrl,
    organizationId: '',
    administrator: false,
    keyFile: undefined,
    certificateFile: undefined,
    useGenerated: false,
    p12: undefined,
    password: '',
  };
}

export function draftReducer(draft: AddProfileDraft, edit: DraftEdit): AddProfileDraft {
  if (edit.field === 'organizationId') return { ...draft, organizationId: edit.value.toLowerCase() };
  return { ...draft, [edit.field]: edit.value };
}

/** The key generated here, when the draft uses it. */
export function generatedKey(draft: AddProfileDraft, pendingKey: PendingKey | undefined): PendingKey | undefined {
  return draft.useGenerated && pendingKey ? pendingKey : undefined;
}

/** What is still missing, in words; undefined when the form can be sent. */
export function draftProblem(
  draft: AddProfileDraft,
  source: AddProfileSource,
  pendingKey: PendingKey | undefined,
): string | undefined {
  if (!draft.name.trim()) return 'Give the profile a name.';
  const baseUrl = draft.baseUrl.trim();
  if (!/^https?:\/\/\S+$/.test(baseUrl)) return 'Enter the exchange address (https://…).';
  const insecure = exchangeUrlProblem(baseUrl, draft.environment);
  if (insecure) return insecure;
  if (!/^[0-9a-f]{32}$/.test(draft.organizationId.trim()))
    return 'Enter the organization id: 32 characters 0-9 and a-f, as registered at the exchange.';
  if (source === 'backup') return draft.p12 ? undefined : 'Choose the PKCS#12 backup file (.p12, .pfx).';
  if (!draft.keyFile && !generatedKey(draft, pendingKey))
    return 'Choose the private key file, or use the key generated here.';
  if (!draft.certificateFile) return 'Choose the certificate issued for the key.';
  return undefined;
}

/** The request the form sends; undefined while something is missing. */
export function draftRequest(
  draft: AddProfileDraft,
  source: AddProfileSource,
  pendingKey: PendingKey | undefined,
): AddProfileRequest | undefined {
  if (draftProblem(draft, source, pendingKey)) return undefined;
  const identity = {
    name: draft.name.trim(),
    environment: draft.environment,
    baseUrl: draft.baseUrl.trim(),
    organizationId: draft.organizationId.trim(),
    administrator: draft.administrator,
  };
  if (source === 'backup' && draft.p12)
    return { ...identity, kind: 'pkcs12', file: draft.p12, password: new OneTimeSecret(draft.password) };
  if (source === 'files' && draft.certificateFile) {
    const generated = generatedKey(draft, pendingKey);
    return {
      ...identity,
      kind: 'pem',
      keyFile: generated ? undefined : draft.keyFile,
      certificateFile: draft.certificateFile,
      pendingKeyId: generated?.pendingKeyId,
    };
  }
  return undefined;
}
