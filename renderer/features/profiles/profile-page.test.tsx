// @vitest-environment happy-dom
// A profile's page in Settings: its keys with their certificates, the re-wrap after a renewal, the
// renewal form, the receipts switch; and the list following a profile just added.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CertificateView, ProfileView } from '../../../shared/ipc/views.js';
import { appError, profile } from '../../test-support/fixtures.js';
import { settingsViewProps } from '../../test-support/settings-view-props.js';
import { ProfilePage, type ProfilePageProps } from './profile-page.js';
import { SettingsView, type SettingsViewProps } from '../settings/settings-view.js';

afterEach(cleanup);

const NOW = Date.parse('2026-03-01T00:00:00Z');
const cert = (thumbprint: string, validTo: string): CertificateView => ({
  subject: 'CN=Riverside',
  issuer: 'CN=Consortium CA',
  validFrom: '2025-01-01T00:00:00Z',
  validTo,
  thumbprint,
  keyBits: 2048,
});

function renewProps(overrides: Partial<NonNullable<ProfilePageProps['renew']>> = {}): ProfilePageProps['renew'] {
  return {
    busy: false,
    generate: { busy: false, onGenerate: vi.fn(), onSaveCsr: vi.fn() },
    onRenew: vi.fn(),
    ...overrides,
  };
}

function renderPage(overrides: Partial<ProfilePageProps> = {}) {
  const p: ProfilePageProps = {
    profile: profile({ certificate: cert('new1', '2028-01-01T00:00:00Z') }),
    now: NOW,
    onRemove: vi.fn(),
    onForgetOldKeys: vi.fn(),
    ...overrides,
  };
  render(<ProfilePage {...p} />);
  return p;
}

describe('ProfilePage', () => {
  it('shows the current and reading keys with their certificates, and says when one was not recorded', () => {
    renderPage({
      profile: profile({
        certificate: cert('new1', '2028-01-01T00:00:00Z'),
        readingKeyCount: 2,
        keys: [
          { role: 'current', certificate: cert('new1', '2028-01-01T00:00:00Z') },
          { role: 'reading', certificate: cert('old1', '2026-02-01T00:00:00Z') },
          { role: 'reading' },
        ],
      }),
    });
    const rows = screen.getAllByTestId('profile-key');
    expect(rows.map((r) => r.getAttribute('data-role'))).toEqual(['current', 'reading', 'reading']);
    expect(rows[0]!.textContent).toContain('new1');
    expect(rows[1]!.textContent).toContain('old1');
    expect(rows[1]!.textContent).toContain('2026');
    expect(rows[2]!.textContent).toContain('certificate not recorded');
    expect(screen.getByTestId('key-backup-reading').textContent).toContain('2 older keys kept for reading');
  });

  it('shows the re-wrap of the own items, then offers to forget the old key once nothing needs it', () => {
    const p = renderPage({
      profile: profile({ readingKeyCount: 1 }),
      rewrap: { profileId: 'p1', done: 120, total: 400, finished: false },
    });
    expect(screen.getByTestId('rewrap-progress').textContent).toContain('Sharing your documents again: 120 of 400');
    cleanup();
    renderPage({
      ...p,
      profile: profile({ readingKeyCount: 1 }),
      rewrap: { profileId: 'p1', done: 400, total: 400, finished: true, oldKeysNeeded: 0 },
    });
    expect(screen.getByTestId('rewrap-progress').textContent).toContain('nothing needs the old key any more');
    const forget = screen.getByRole('button', { name: 'Forget old keys' });
    expect(forget.className).toContain('primary');
    fireEvent.click(forget);
    expect(p.onForgetOldKeys).toHaveBeenCalledWith('p1');
    cleanup();
    renderPage({
      profile: profile({ readingKeyCount: 1 }),
      rewrap: { profileId: 'p1', done: 3, total: 3, finished: true, oldKeysNeeded: 2 },
    });
    expect(screen.getByTestId('rewrap-progress').textContent).toContain('2 items shared with you still open only');
    expect(screen.getByRole('button', { name: 'Forget old keys' }).className).not.toContain('primary');
  });

  it('renews with a key generated here and the certificate issued for it, saying what is missing first', () => {
    const onGenerate = vi.fn();
    const onRenew = vi.fn();
    const generate = { busy: false, onGenerate, onSaveCsr: vi.fn() };
    renderPage({ renew: renewProps({ onRenew, generate }) });
    fireEvent.click(screen.getByRole('button', { name: 'Renew…' }));
    expect(screen.getByTestId('renew-hint').textContent).toBe('Generate the new key first.');
    fireEvent.change(screen.getByTestId('profile-gen-cn'), { target: { value: 'Riverside 2027' } });
    fireEvent.click(screen.getByTestId('profile-gen-submit'));
    expect(onGenerate).toHaveBeenCalledWith(expect.objectContaining({ commonName: 'Riverside 2027', bits: 2048 }));
    cleanup();
    const csr = { commonName: 'Riverside 2027', csrPem: '-----BEGIN CERTIFICATE REQUEST-----', pendingKeyId: 'k9' };
    renderPage({ renew: renewProps({ onRenew, generate: { ...generate, csr } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Renew…' }));
    expect(screen.getByTestId('csr-result').textContent).toContain('Riverside 2027');
    expect(screen.getByTestId('renew-hint').textContent).toBe('Choose the certificate issued for the new key.');
    expect((screen.getByTestId('renew-submit') as HTMLButtonElement).disabled).toBe(true);
    const file = new File(['-----BEGIN CERTIFICATE-----'], 'riverside-2027.crt');
    fireEvent.change(screen.getByTestId('renew-cert'), { target: { files: [file] } });
    expect(screen.getByText('riverside-2027.crt')).toBeTruthy();
    fireEvent.click(screen.getByTestId('renew-submit'));
    expect(onRenew).toHaveBeenCalledWith({ profileId: 'p1', key: { pendingKeyId: 'k9' }, certificateFile: file });
  });

  it('renews with a key file, and shows which step is missing where the renewal was asked', () => {
    const onRenew = vi.fn();
    const error = appError({
      code: 'not-registered',
      message: 'The exchange does not list the new certificate (SHA-1 fingerprint ef56) for this organization yet.',
      details: '',
      explanation: '',
      status: undefined,
    });
    renderPage({ renew: renewProps({ onRenew, error }) });
    fireEvent.click(screen.getByRole('button', { name: 'Renew…' }));
    fireEvent.click(screen.getByTestId('renew-how-file'));
    expect(screen.queryByTestId('profile-gen-cn')).toBeNull();
    expect(screen.getByTestId('renew-hint').textContent).toBe('Choose the new private key file.');
    const key = new File(['key'], 'new.key');
    const certificate = new File(['cert'], 'new.crt');
    fireEvent.change(screen.getByTestId('renew-key-file'), { target: { files: [key] } });
    fireEvent.change(screen.getByTestId('renew-cert'), { target: { files: [certificate] } });
    fireEvent.click(screen.getByTestId('renew-submit'));
    expect(onRenew).toHaveBeenCalledWith({
      profileId: 'p1',
      key: { file: { kind: 'file', file: key } },
      certificateFile: certificate,
    });
    expect(screen.getByTestId('renew-error').textContent).toContain('does not list the new certificate');
    expect(screen.getByTestId('renew-error').textContent).toContain('nothing changed');
  });

  it('sends delivery receipts as a profile setting of the active profile', () => {
    const onChange = vi.fn();
    renderPage({ receipts: { sending: true, onChange } });
    const box = screen.getByRole('checkbox', { name: 'Send delivery receipts' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(false);
    cleanup();
    renderPage({ profile: profile({ active: false, name: 'Riverside' }) });
    expect(screen.queryByRole('checkbox', { name: 'Send delivery receipts' })).toBeNull();
    expect(screen.getByText(/switch to “Riverside”/)).toBeTruthy();
  });
});

describe('SettingsView as a profile manager', () => {
  const base = (profiles: readonly ProfileView[]): SettingsViewProps => settingsViewProps({ profiles, now: NOW });

  it('opens the profile just restored from a backup, and falls back to the active one when a profile goes', () => {
    const first = profile();
    const { rerender } = render(<SettingsView {...base([first])} />);
    fireEvent.click(screen.getByTestId('settings-nav-backup'));
    expect(screen.queryByTestId('profile-page')).toBeNull();
    const restored = profile({ id: 'p9', name: 'Restored', active: false });
    rerender(<SettingsView {...base([first, restored])} />);
    expect(screen.getByTestId('profile-page').getAttribute('data-profile-id')).toBe('p9');
    rerender(<SettingsView {...base([first])} />);
    expect(screen.getByTestId('profile-page').getAttribute('data-profile-id')).toBe('p1');
  });

  it('marks in the list a real key never backed up, not a sandbox key (made again with the sandbox)', () => {
    render(
      <SettingsView
        {...base([
          profile({ backedUp: false }),
          profile({ id: 'p2', name: 'Harbor', environment: 'production', backedUp: false, active: false }),
        ])}
      />,
    );
    const [sandbox, real] = screen.getAllByTestId('profile-row');
    expect(sandbox!.textContent).not.toContain('not backed up');
    expect(real!.textContent).toContain('production · not backed up');
  });

  it('shows a refusal in the section of the page where the action was, with its message in full view', () => {
    const error = appError({
      code: 'old-keys-needed',
      message: '2 item(s) still open only with an old key (first: consent in study s1). Nothing was forgotten.',
      details: '',
      explanation: '',
      status: undefined,
    });
    const keys = profile({ readingKeyCount: 1 });
    render(
      <SettingsView
        {...base([keys])}
        actionError={{ context: 'The old keys were kept.', error, at: { profileId: 'p1', section: 'keys' } }}
      />,
    );
    const box = within(screen.getByTestId('profile-keys')).getByTestId('profile-keys-error');
    expect(box.textContent).toContain('The old keys were kept.');
    expect(box.textContent).toContain('still open only with an old key');
    // not also at the top of the dialog
    expect(screen.getAllByText('The old keys were kept.')).toHaveLength(1);
  });

  it('closes the renewal form once the profile has its new key', () => {
    const renew = { busy: false, generate: { busy: false, onGenerate: vi.fn(), onSaveCsr: vi.fn() }, onRenew: vi.fn() };
    const before = profile();
    const { rerender } = render(<SettingsView {...base([before])} renew={renew} />);
    fireEvent.click(screen.getByRole('button', { name: 'Renew…' }));
    expect(screen.getByTestId('profile-renew')).toBeTruthy();
    rerender(
      <SettingsView
        {...base([{ ...before, certificate: { ...before.certificate, thumbprint: 'new' }, readingKeyCount: 1 }])}
        renew={renew}
      />,
    );
    expect(screen.queryByTestId('profile-renew')).toBeNull();
    expect(screen.getByRole('button', { name: 'Renew…' })).toBeTruthy();
  });

  it('chooses every file through a button that names it: the file inputs are out of sight and out of the tab order', () => {
    render(<SettingsView {...base([profile()])} />);
    for (const nav of ['settings-nav-add', 'settings-nav-backup'] as const) {
      fireEvent.click(screen.getByTestId(nav));
      const inputs = [...document.querySelectorAll<HTMLInputElement>('input[type=file]')];
      expect(inputs.length).toBeGreaterThan(0);
      for (const input of inputs) {
        expect(input.tabIndex).toBe(-1);
        expect(input.getAttribute('aria-hidden')).toBe('true');
        expect(input.className).toContain('visually-hidden');
      }
    }
    expect(
      within(screen.getByTestId('profile-add-form')).getByRole('button', { name: 'Choose the backup file…' }),
    ).toBeTruthy();
  });
});
