// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../shared/ipc/views.js';
import { appError, profile } from '../../test-support/fixtures.js';
import { settingsViewProps } from '../../test-support/settings-view-props.js';
import { OneTimeSecret } from '../profiles/profile-import.js';
import { SettingsView, type SettingsViewProps } from './settings-view.js';
import { wordsShown } from '../../test-support/words-shown.js';

afterEach(cleanup);

const NOW = Date.parse('2026-03-01T00:00:00Z');
const settings: Settings = {
  theme: 'system',
  transferConcurrency: 3,
  shareUploadsWithOwner: {},
  notifications: false,
  notificationsHideNames: false,
  expiryWarningDays: 30,
};

function props(overrides: Partial<SettingsViewProps> = {}): SettingsViewProps {
  return settingsViewProps({
    profiles: [
      profile({
        certificate: {
          subject: 'CN=Central IRB',
          issuer: 'CN=CA',
          validFrom: '2025-01-01T00:00:00Z',
          validTo: '2026-03-20T00:00:00Z',
          thumbprint: 'ab12',
          keyBits: 2048,
        },
      }),
      profile({
        id: 'p2',
        name: 'Riverside',
        organizationName: 'Riverside Medical Center',
        roles: ['psite'],
        active: false,
        certificate: {
          subject: 'CN=Riverside',
          issuer: 'CN=CA',
          validFrom: '2025-01-01T00:00:00Z',
          validTo: '2027-01-01T00:00:00Z',
          thumbprint: 'cd34',
          keyBits: 2048,
        },
      }),
    ],
    settings,
    now: NOW,
    ...overrides,
  });
}

/** Opens a page from the list beside it. */
function show(testId: 'settings-nav-add' | 'settings-nav-backup' | 'settings-nav-preferences'): void {
  fireEvent.click(screen.getByTestId(testId));
}

function page(): HTMLElement {
  return screen.getByTestId('settings-page');
}

function fillIdentity(): void {
  fireEvent.change(screen.getByTestId('profile-add-name'), { target: { value: 'Riverside production' } });
  fireEvent.change(screen.getByTestId('profile-add-base-url'), { target: { value: 'https://exchange.example.org' } });
  fireEvent.change(screen.getByTestId('profile-add-org-id'), { target: { value: 'A'.repeat(32) } });
}

describe('SettingsView', () => {
  it('lists profiles and shows one page at a time: thumbprint, subject and expiry, warning within 30 days only', () => {
    render(<SettingsView {...props()} />);
    const rows = screen.getAllByTestId('profile-row');
    expect(rows).toHaveLength(2);
    // The active profile's page first.
    expect(rows[0]!.getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByTestId('profile-page')).toHaveLength(1);
    expect(within(page()).getByTestId('cert-thumbprint').textContent).toBe('ab12');
    expect(page().textContent).toContain('CN=Central IRB');
    expect(within(page()).getByTestId('profile-expiry-warning').textContent).toContain('expires in 19 days');
    fireEvent.click(rows[1]!);
    expect(rows[1]!.getAttribute('aria-current')).toBe('page');
    expect(rows[0]!.getAttribute('aria-current')).toBeNull();
    expect(within(page()).getByTestId('cert-thumbprint').textContent).toBe('cd34');
    expect(within(page()).queryByTestId('profile-expiry-warning')).toBeNull();
  });

  it('chooses the page with a select too (the narrow window shows it instead of the list)', () => {
    render(<SettingsView {...props()} />);
    const select = screen.getByTestId('settings-nav-select') as HTMLSelectElement;
    expect(select.value).toBe('profile:p1');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Sandbox sIRB (active)',
      'Riverside',
      'Add a profile',
      'Add profile from a backup',
      'Preferences',
    ]);
    fireEvent.change(select, { target: { value: 'profile:p2' } });
    expect(screen.getByTestId('profile-page').getAttribute('data-profile-id')).toBe('p2');
    fireEvent.change(select, { target: { value: 'preferences' } });
    expect(screen.queryByTestId('profile-page')).toBeNull();
    expect(screen.getByTestId('settings-theme')).toBeTruthy();
  });

  it('removes a profile only after a confirmation that explains losing the key', () => {
    const p = props();
    render(<SettingsView {...p} />);
    fireEvent.click(screen.getAllByTestId('profile-row')[1]!);
    fireEvent.click(within(page()).getByTestId('profile-remove'));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('deletes its private key from this computer');
    expect(confirm.textContent).toContain('nothing shared with Riverside Medical Center can be opened here again');
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove profile and key' }));
    expect(p.onRemoveProfile).toHaveBeenCalledWith('p2');
  });

  it('adds from a PKCS#12 file with its password, and only once the form is complete', () => {
    const p = props();
    render(<SettingsView {...p} />);
    show('settings-nav-backup');
    expect(screen.getByRole('form', { name: 'Add profile from a backup' })).toBeTruthy();
    const submit = screen.getByTestId('profile-add-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fillIdentity();
    expect(screen.getByTestId('profile-add-hint').textContent).toContain('PKCS#12');
    const p12 = new File([new Uint8Array([48, 130])], 'riverside.p12');
    fireEvent.change(screen.getByTestId('profile-add-p12-file'), { target: { files: [p12] } });
    fireEvent.change(screen.getByTestId('profile-add-p12-password'), { target: { value: 'secret' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(p.add.onSubmit).toHaveBeenCalledWith({
      kind: 'pkcs12',
      name: 'Riverside production',
      environment: 'sandbox',
      baseUrl: 'https://exchange.example.org',
      organizationId: 'a'.repeat(32),
      administrator: false,
      file: { kind: 'file', file: p12 },
      password: expect.any(OneTimeSecret),
    });
    // The password is handed over once; what stays behind (e.g. in a mutation's variables) is empty.
    const sent = vi.mocked(p.add.onSubmit).mock.calls[0]![0] as { password: OneTimeSecret };
    expect(JSON.stringify(sent)).not.toContain('secret"');
    expect(sent.password.take()).toBe('secret');
    expect(sent.password.take()).toBe('');
  });

  it("chooses key files in main's own dialog where there is one: the page never holds the file", async () => {
    const ref = { ref: 'f'.repeat(32), name: 'riverside.p12', size: 2 };
    const onPickKeyFile = vi.fn(async () => ref);
    const p = props();
    render(<SettingsView {...p} add={{ ...p.add, onPickKeyFile }} />);
    show('settings-nav-backup');
    fillIdentity();
    const pick = screen.getByTestId('profile-add-p12-file');
    expect(pick.tagName).toBe('BUTTON');
    fireEvent.click(pick);
    await screen.findByText('riverside.p12');
    fireEvent.change(screen.getByTestId('profile-add-p12-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('profile-add-submit'));
    expect(onPickKeyFile).toHaveBeenCalledTimes(1);
    expect(p.add.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'pkcs12', file: { kind: 'chosen', ref } }),
    );
  });

  it('adds from PEM key and certificate files', () => {
    const p = props();
    render(<SettingsView {...p} />);
    show('settings-nav-add');
    fillIdentity();
    const key = new File([`-----BEGIN ${'PRIVATE'} KEY-----`], 'key.pem');
    const cert = new File(['-----BEGIN CERTIFICATE-----'], 'cert.pem');
    fireEvent.change(screen.getByTestId('profile-add-pem-key'), { target: { files: [key] } });
    fireEvent.change(screen.getByTestId('profile-add-pem-cert'), { target: { files: [cert] } });
    fireEvent.click(screen.getByTestId('profile-add-admin'));
    fireEvent.click(screen.getByTestId('profile-add-submit'));
    expect(p.add.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'pem',
        keyFile: { kind: 'file', file: key },
        certificateFile: cert,
        administrator: true,
        pendingKeyId: undefined,
      }),
    );
  });

  it('shows a wrong PKCS#12 password as a clear message in the form', () => {
    const error = appError({
      code: 'KeyImportError',
      message: 'The password of the PKCS#12 file is wrong.',
      details: '',
      explanation: 'The key or certificate cannot be used; nothing was saved.',
      status: undefined,
    });
    render(<SettingsView {...props({ add: { busy: false, formKey: 0, error, onSubmit: vi.fn() } })} />);
    show('settings-nav-backup');
    const box = screen.getByTestId('profile-add-error');
    expect(box.textContent).toContain('The password of the PKCS#12 file is wrong.');
    expect(box.textContent).toContain('nothing was saved');
  });

  it('generates a key, offers the CSR, and uses the pending key for the certificate', () => {
    const onGenerate = vi.fn();
    const onSaveCsr = vi.fn();
    const onSubmit = vi.fn();
    render(
      <SettingsView
        {...props({
          generate: {
            busy: false,
            onGenerate,
            onSaveCsr,
            csr: { commonName: 'North Clinic', csrPem: '-----BEGIN CERTIFICATE REQUEST-----' },
          },
          add: { busy: false, formKey: 0, onSubmit, pendingKey: { pendingKeyId: 'k1', commonName: 'North Clinic' } },
        })}
      />,
    );
    show('settings-nav-add');
    fireEvent.change(screen.getByTestId('profile-gen-cn'), { target: { value: 'North Clinic' } });
    fireEvent.change(screen.getByTestId('profile-gen-country'), { target: { value: 'us' } });
    fireEvent.click(screen.getByTestId('profile-gen-submit'));
    expect(onGenerate).toHaveBeenCalledWith({
      commonName: 'North Clinic',
      organization: undefined,
      country: 'US',
      bits: 2048,
    });
    expect(screen.getByTestId('csr-result').textContent).toContain('North Clinic');
    fireEvent.click(screen.getByTestId('csr-download'));
    expect(onSaveCsr).toHaveBeenCalledTimes(1);
    fillIdentity();
    fireEvent.click(screen.getByTestId('profile-add-use-generated'));
    const cert = new File(['-----BEGIN CERTIFICATE-----'], 'north.crt');
    fireEvent.change(screen.getByTestId('profile-add-pem-cert'), { target: { files: [cert] } });
    fireEvent.click(screen.getByTestId('profile-add-submit'));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'pem', pendingKeyId: 'k1', keyFile: undefined, certificateFile: cert }),
    );
  });

  it('preferences: theme, concurrency, and sharing with the owner on by default for pSite', () => {
    const p = props();
    const { rerender } = render(<SettingsView {...p} />);
    show('settings-nav-preferences');
    // The active profile is an sIRB: off unless chosen.
    const share = screen.getByTestId('settings-share-owner') as HTMLInputElement;
    expect(share.checked).toBe(false);
    fireEvent.click(share);
    expect(p.onPreferences).toHaveBeenCalledWith({ shareUploadsWithOwner: true });
    fireEvent.change(screen.getByTestId('settings-theme'), { target: { value: 'dark' } });
    expect(p.onPreferences).toHaveBeenCalledWith({ theme: 'dark' });
    fireEvent.change(screen.getByTestId('settings-concurrency'), { target: { value: '5' } });
    expect(p.onPreferences).toHaveBeenCalledWith({ transferConcurrency: 5 });
    const psite = profile({ id: 'p3', roles: ['psite'] });
    rerender(<SettingsView {...props({ profiles: [psite] })} />);
    expect((screen.getByTestId('settings-share-owner') as HTMLInputElement).checked).toBe(true);
    rerender(
      <SettingsView
        {...props({ profiles: [psite], settings: { ...settings, shareUploadsWithOwner: { p3: false } } })}
      />,
    );
    expect((screen.getByTestId('settings-share-owner') as HTMLInputElement).checked).toBe(false);
  });

  it('resets the sandbox only after confirmation', () => {
    const p = props();
    render(<SettingsView {...p} />);
    show('settings-nav-preferences');
    fireEvent.click(screen.getByTestId('sandbox-reset'));
    expect(screen.getByRole('alertdialog').textContent).toContain('Profiles for real exchanges are not touched');
    fireEvent.click(screen.getByRole('button', { name: 'Reset sandbox' }));
    expect(p.onResetSandbox).toHaveBeenCalledTimes(1);
  });

  it('says a key was never backed up and backs it up with a password typed twice', () => {
    const onBackup = vi.fn();
    const onForgetOldKeys = vi.fn();
    const p = props({ onBackup, onForgetOldKeys });
    render(
      <SettingsView
        {...{
          ...p,
          profiles: [
            { ...p.profiles[0]!, environment: 'production', backedUp: false, readingKeyCount: 1 },
            { ...p.profiles[1]!, backedUp: true },
          ],
        }}
      />,
    );
    const [, second] = screen.getAllByTestId('profile-row');
    const first = page();
    expect(within(first).getByTestId('key-backup-status').textContent).toContain('never been backed up');
    expect(within(first).getByTestId('key-backup-reading').textContent).toContain('1 older key kept for reading');
    expect(second!.textContent).not.toContain('not backed up');
    expect(screen.getAllByTestId('profile-row')[0]!.textContent).toContain('not backed up');
    fireEvent.click(within(first).getByTestId('key-backup-open'));
    fireEvent.change(within(first).getByLabelText('Backup password'), { target: { value: 'correct horse' } });
    fireEvent.change(within(first).getByLabelText('The same password again'), { target: { value: 'correct hose' } });
    expect(within(first).getByTestId('key-backup-problem').textContent).toBe('The two passwords differ.');
    expect((within(first).getByTestId('key-backup-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(first).getByLabelText('The same password again'), { target: { value: 'correct horse' } });
    fireEvent.click(within(first).getByTestId('key-backup-save'));
    expect(onBackup).toHaveBeenCalledWith(p.profiles[0]!.id, 'correct horse');
    // the password is not kept in the form
    expect(within(first).queryByTestId('key-backup-password')).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Forget old keys' }));
    expect(onForgetOldKeys).toHaveBeenCalledWith(p.profiles[0]!.id);
    fireEvent.click(second!);
    expect(within(page()).getByTestId('key-backup-status').textContent).toBe('This key is backed up.');
    expect(within(page()).queryByTestId('key-forget-old')).toBeNull();
  });

  it('shows a collaborator’s new certificate with what still has keys for the old one, re-wraps on request, and says why it cannot', () => {
    const onRewrap = vi.fn();
    const certificate = {
      subject: 'CN=Riverside Medical Center',
      issuer: 'CN=Consortium CA',
      validFrom: '2026-02-01T00:00:00Z',
      validTo: '2027-02-01T00:00:00Z',
      thumbprint: 'ef56',
      keyBits: 2048,
      expired: false,
    };
    render(
      <SettingsView
        {...props({
          certificates: {
            changes: [
              {
                organizationId: 'r'.repeat(32),
                name: 'Riverside Medical Center',
                oldThumbprint: 'cd34',
                certificate,
                grantCount: 42,
                studyCount: 3,
              },
              {
                organizationId: 'l'.repeat(32),
                name: 'Lakeside University',
                oldThumbprint: 'aa11',
                certificate: { ...certificate, subject: 'CN=Lakeside' },
                problem: 'it is not issued by a certificate authority this profile trusts',
                grantCount: 1,
                studyCount: 1,
              },
            ],
            expiring: [
              {
                organizationId: 'h'.repeat(32),
                name: 'Harbor Health',
                validTo: '2026-03-10T00:00:00Z',
                expired: false,
              },
            ],
            loading: false,
            onRewrap,
          },
          rewrap: {
            [props().profiles[0]!.id]: { profileId: props().profiles[0]!.id, done: 1, total: 2, finished: false },
          },
        })}
      />,
    );
    const [riverside, lakeside] = screen.getAllByTestId('certificate-change');
    expect(riverside!.textContent).toContain(
      'Riverside Medical Center has a new certificate — 42 of your documents in 3 studies still have keys for the old one.',
    );
    expect(riverside!.textContent).toContain('CN=Consortium CA');
    fireEvent.click(within(riverside!).getByRole('button', { name: 'Share again with the new certificate' }));
    expect(onRewrap).toHaveBeenCalledWith('r'.repeat(32));
    expect(within(lakeside!).queryByRole('button')).toBeNull();
    expect(within(lakeside!).getByTestId('certificate-change-problem').textContent).toContain(
      'not issued by a certificate authority this profile trusts',
    );
    expect(screen.getByTestId('certificate-expiring').textContent).toContain(
      'The certificate of Harbor Health expires on',
    );
    // Coordinators think in who can read what (issue 38): no encryption words on the page.
    expect(screen.getByTestId('rewrap-progress').textContent).toContain('Sharing your documents again: 1 of 2');
    expect(wordsShown(document.body)).not.toMatch(/wrap|thumbprint/i);
  });

  it('picks trust anchors through a button that names them (no bare file input), and Remove is a plain button', () => {
    const onImportTrustAnchors = vi.fn();
    render(<SettingsView {...props({ onImportTrustAnchors })} />);
    const row = page();
    const button = within(row).getByRole('button', { name: 'Choose CA certificates…' });
    const input = within(row).getByTestId('profile-trust-import') as HTMLInputElement;
    expect(input.tabIndex).toBe(-1);
    const clicked = vi.fn();
    input.addEventListener('click', clicked);
    fireEvent.click(button);
    expect(clicked).toHaveBeenCalled();
    const file = new File(['-----BEGIN CERTIFICATE-----'], 'ca.pem');
    fireEvent.change(input, { target: { files: [file] } });
    expect(onImportTrustAnchors).toHaveBeenCalledWith(props().profiles[0]!.id, file);
    expect(within(row).getByTestId('profile-remove').className).not.toContain('danger');
  });
});
