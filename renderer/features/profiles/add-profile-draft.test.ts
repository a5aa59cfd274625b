// The Add profile form's reducer and rules, without a page: each edit changes its own field, the
// hint names the first thing missing, and the request carries exactly what the form shows.
import { describe, expect, it } from 'vitest';
import type { KeyFileSource } from './profile-import.js';
import {
  draftProblem,
  draftReducer,
  draftRequest,
  emptyDraft,
  type AddProfileDraft,
  type DraftEdit,
} from './add-profile-draft.js';

const ORG = 'ab'.repeat(16);
const start = emptyDraft({ baseUrl: 'https://exchange.example', environment: 'production' });
const apply = (draft: AddProfileDraft, ...edits: DraftEdit[]) => edits.reduce(draftReducer, draft);
const keyFile: KeyFileSource = { kind: 'chosen', ref: { ref: 'key-ref', name: 'site.key', size: 1700 } };
const certificateFile = new File(['-----BEGIN CERTIFICATE-----'], 'site.pem');

describe('the Add profile draft', () => {
  it('starts from the defaults and changes only the edited field, keeping the organization id in lower case', () => {
    expect(start).toMatchObject({ name: '', baseUrl: 'https://exchange.example', environment: 'production' });
    const named = draftReducer(start, { field: 'name', value: 'Riverside' });
    expect(named).toEqual({ ...start, name: 'Riverside' });
    expect(start.name).toBe('');
    expect(draftReducer(named, { field: 'organizationId', value: ORG.toUpperCase() }).organizationId).toBe(ORG);
  });

  it('names the first thing missing, one step at a time, until the files are chosen', () => {
    const steps: [DraftEdit | undefined, string | undefined][] = [
      [undefined, 'Give the profile a name.'],
      [{ field: 'name', value: '  Riverside ' }, 'Enter the organization id'],
      [{ field: 'baseUrl', value: 'http://exchange.example' }, 'A production exchange must be reached over https://'],
      [{ field: 'baseUrl', value: 'http://127.0.0.1:8443' }, 'Enter the organization id'],
      [{ field: 'organizationId', value: ORG }, 'Choose the private key file, or use the key generated here.'],
      [{ field: 'keyFile', value: keyFile }, 'Choose the certificate issued for the key.'],
      [{ field: 'certificateFile', value: certificateFile }, undefined],
    ];
    let draft = start;
    for (const [edit, expected] of steps) {
      if (edit) draft = draftReducer(draft, edit);
      const problem = draftProblem(draft, 'files', undefined);
      if (expected === undefined) expect(problem).toBeUndefined();
      else expect(problem).toContain(expected);
    }
    expect(draftRequest(draft, 'files', undefined)).toEqual({
      name: 'Riverside',
      environment: 'production',
      baseUrl: 'http://127.0.0.1:8443',
      organizationId: ORG,
      administrator: false,
      kind: 'pem',
      keyFile,
      certificateFile,
      pendingKeyId: undefined,
    });
  });

  it('sends the key generated here instead of a key file once the user chooses it', () => {
    const pendingKey = { pendingKeyId: 'pending-1', commonName: 'Riverside' };
    const draft = apply(
      start,
      { field: 'name', value: 'Riverside' },
      { field: 'organizationId', value: ORG },
      { field: 'keyFile', value: keyFile },
      { field: 'certificateFile', value: certificateFile },
    );
    expect(draftRequest(draft, 'files', pendingKey)).toMatchObject({ keyFile, pendingKeyId: undefined });
    const generated = draftReducer(draft, { field: 'useGenerated', value: true });
    expect(draftRequest(generated, 'files', pendingKey)).toMatchObject({
      keyFile: undefined,
      pendingKeyId: 'pending-1',
    });
    // Without a key file, the generated key alone is enough; without a pending key, it is not.
    const onlyGenerated = draftReducer(generated, { field: 'keyFile', value: undefined });
    expect(draftProblem(onlyGenerated, 'files', pendingKey)).toBeUndefined();
    expect(draftProblem(onlyGenerated, 'files', undefined)).toBe(
      'Choose the private key file, or use the key generated here.',
    );
  });

  it('restores from a backup with its password in a one-time box, and asks for the backup file first', () => {
    const draft = apply(
      start,
      { field: 'name', value: 'Riverside' },
      { field: 'organizationId', value: ORG },
      { field: 'administrator', value: true },
      { field: 'password', value: 'correct horse' },
    );
    expect(draftProblem(draft, 'backup', undefined)).toBe('Choose the PKCS#12 backup file (.p12, .pfx).');
    expect(draftRequest(draft, 'backup', undefined)).toBeUndefined();
    const request = draftRequest(draftReducer(draft, { field: 'p12', value: keyFile }), 'backup', undefined);
    if (request?.kind !== 'pkcs12') throw new Error(`expected a PKCS#12 request, got ${JSON.stringify(request)}`);
    expect(request).toMatchObject({ administrator: true, file: keyFile });
    expect(JSON.stringify(request)).not.toContain('correct horse');
    expect(request.password.take()).toBe('correct horse');
    expect(request.password.take()).toBe('');
  });
});
