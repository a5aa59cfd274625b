// @vitest-environment happy-dom
// The window's notices over a stand-in of main's API (operations answered, events pushed): a
// collaborator's new certificate with its check and the re-wrap's progress and results, one that
// fails the check, expiry warnings, and the "never backed up" notice shown once per key.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventName, EventPayloads, ExchangeApi } from '../../../shared/ipc/contract.js';
import type { CertificateChangeView, ProfileView } from '../../../shared/ipc/views.js';
import { ApiProvider } from '../../data/api-context.js';
import { appError, container, profile } from '../../test-support/fixtures.js';
import { Notices } from './notices.js';
import { wordsShown } from '../../test-support/words-shown.js';

afterEach(cleanup);

const NOW = Date.parse('2026-03-01T00:00:00Z');
const DAY = 86_400_000;
const RIVERSIDE = 'a'.repeat(32);
const STUDY = 'c'.repeat(32);

const change = (overrides: Partial<CertificateChangeView> = {}): CertificateChangeView => ({
  organizationId: RIVERSIDE,
  name: 'Riverside Medical Center',
  oldThumbprint: 'old1',
  certificate: {
    subject: 'CN=Riverside Medical Center',
    issuer: 'CN=Consortium CA',
    validFrom: '2026-02-01T00:00:00Z',
    validTo: '2027-02-01T00:00:00Z',
    thumbprint: 'new2',
    keyBits: 2048,
    expired: false,
  },
  grantCount: 42,
  studyCount: 3,
  ...overrides,
});

type Handler = (args: never) => Promise<unknown>;

/** Main as the window reaches it: named answers (a value, or an AppError thrown), and events to push. */
function mainWith(answers: Record<string, Handler>) {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: { name: string; args: unknown }[] = [];
  const api = new Proxy({} as ExchangeApi, {
    get: (_t, name: string) => {
      if (name === 'on')
        return (event: string, listener: (p: unknown) => void) => {
          const set = listeners.get(event) ?? new Set();
          set.add(listener);
          listeners.set(event, set);
          return () => set.delete(listener);
        };
      return async (args: never) => {
        calls.push({ name, args });
        const answer = answers[name];
        if (!answer) return { ok: true, value: name === 'containers.list' ? [] : null };
        try {
          return { ok: true, value: await answer(args) };
        } catch (error) {
          return { ok: false, error };
        }
      };
    },
  });
  const push = <E extends EventName>(event: E, payload: EventPayloads[E]) =>
    act(() => listeners.get(event)?.forEach((l) => l(payload)));
  return { api, calls, push };
}

function show(api: ExchangeApi, p: ProfileView, onOpenSettings = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiProvider api={api}>
      <QueryClientProvider client={client}>
        <Notices profile={p} onOpenSettings={onOpenSettings} now={NOW} />
      </QueryClientProvider>
    </ApiProvider>,
  );
  return onOpenSettings;
}

const sirb = profile({
  certificate: { ...profile().certificate, validTo: '2027-01-01T00:00:00Z' },
  backedUp: true,
});

describe('a collaborator\u2019s new certificate', () => {
  it('says how many documents still have keys for the old one, shows the check, and re-wraps with progress and a result per item', async () => {
    let finish: (v: unknown) => void = () => undefined;
    let latest = { changes: [change()], expiring: [] };
    const main = mainWith({
      'certificates.changes': async () => latest,
      'certificates.rewrap': () => new Promise((r) => (finish = r)),
      'containers.list': async () => [container(STUDY, '2026-01-01T00:00:00Z', { title: 'Heart study' })],
      'notices.list': async () => ({ backupDismissed: [] }),
    });
    show(main.api, sirb);
    const notice = await screen.findByTestId('certificate-change-notice');
    expect(notice.textContent).toContain(
      'Riverside Medical Center has a new certificate — 42 of your documents in 3 studies still have keys for the old one.',
    );
    expect(within(notice).getByTestId('certificate-check').textContent).toMatch(/passed: issued by your consortium/);
    expect(notice.textContent).toContain('RSA 2048 bits (at least 2048: ok)');
    expect(notice.textContent).toContain('(valid today)');

    fireEvent.click(within(notice).getByTestId('certificate-rewrap'));
    expect(await within(notice).findByText(/Sharing again 0 of 42/)).toBeTruthy();
    expect(main.calls.find((c) => c.name === 'certificates.rewrap')?.args).toEqual({ organizationId: RIVERSIDE });
    main.push('certificates.rewrapProgress', {
      profileId: sirb.id,
      organizationId: RIVERSIDE,
      done: 41,
      total: 42,
      item: { containerId: STUDY, path: 'consent.pdf', ok: true },
    });
    expect(within(notice).getByText(/Sharing again 41 of 42/)).toBeTruthy();
    expect(within(notice).getByRole('progressbar').getAttribute('value')).toBe('41');

    // Main checks again after the re-wrap and sends what is left: one failed.
    latest = { changes: [change({ grantCount: 1, studyCount: 1 })], expiring: [] };
    main.push('certificates.changed', { profileId: sirb.id, ...latest });
    await act(async () =>
      finish({
        thumbprint: 'new2',
        skipped: 0,
        results: [
          { containerId: STUDY, path: 'c0ffee', ok: true, name: 'consent.pdf' },
          { containerId: STUDY, path: 'Protocol|0b5e', ok: false, message: 'The exchange could not be reached.' },
        ],
      }),
    );
    const result = await screen.findByTestId('rewrap-result-notice');
    expect(result.textContent).toContain(
      '1 of your documents shared again for the new certificate of Riverside Medical Center; 1 failed: share again to retry them.',
    );
    const items = within(result).getByTestId('rewrap-results').textContent;
    expect(items).toContain('Shared again: consent.pdf in Heart study');
    // A document whose header was not read is named by its path.
    expect(items).toContain('Failed: Protocol/0b5e in Heart study — The exchange could not be reached.');
    expect(screen.getByTestId('certificate-change-notice').textContent).toContain(
      '1 of your documents in 1 study still has a key',
    );
    // Coordinators think in who can read what (issue 38): no encryption words in the notices.
    expect(wordsShown(screen.getByTestId('certificate-change-notice'))).not.toMatch(/wrap|thumbprint/i);
    expect(wordsShown(result)).not.toMatch(/wrap|thumbprint/i);
    fireEvent.click(within(result).getByRole('button', { name: /Dismiss the result of sharing again/ }));
    await vi.waitFor(() => expect(screen.queryByTestId('rewrap-result-notice')).toBeNull());
  });

  it('puts a certificate other than the accepted one to the user: both side by side, Accept or Keep, no re-wrap', async () => {
    const compared = (subject: string, sha256: string, namesOrganization: boolean) => ({
      subject,
      issuer: 'CN=Consortium CA',
      validFrom: '2026-02-01T00:00:00Z',
      validTo: '2027-02-01T00:00:00Z',
      sha256,
      namesOrganization,
    });
    const decision = {
      accepted: compared('CN=Riverside Medical Center', 'ab'.repeat(32), true),
      offered: compared('CN=Lakeside University', 'cd'.repeat(32), false),
    };
    const main = mainWith({
      'certificates.changes': async () => ({
        changes: [change({ problem: 'nothing is shared until you decide', decision })],
        expiring: [],
      }),
      'notices.list': async () => ({ backupDismissed: [] }),
      'trust.accept': async () => ({ accepted: 'cd'.repeat(32) }),
    });
    show(main.api, sirb);
    const notice = await screen.findByTestId('certificate-change-notice');
    expect(within(notice).queryByTestId('certificate-rewrap')).toBeNull();
    // a decision must be answered: it cannot be dismissed
    expect(within(notice).queryByTestId('notice-dismiss')).toBeNull();
    expect(within(notice).getByTestId('certificate-decision').textContent).toMatch(
      /another certificate for Riverside Medical Center \(not verified\)/,
    );
    const comparison = within(notice).getByTestId('certificate-comparison');
    expect(comparison.textContent).toContain('CN=Lakeside University');
    expect(comparison.textContent).toContain('ABAB ABAB');
    expect(comparison.textContent).toContain('CDCD CDCD');
    fireEvent.click(within(notice).getByRole('button', { name: 'Accept the new certificate' }));
    await vi.waitFor(() =>
      expect(main.calls).toContainEqual({
        name: 'trust.accept',
        args: { organizationId: RIVERSIDE, sha256: 'cd'.repeat(32) },
      }),
    );
    expect(within(notice).getByRole('button', { name: 'Keep the old one' })).toBeTruthy();
  });

  it('words a verified collaborator\u2019s change more strongly', async () => {
    const c = {
      subject: 'CN=R',
      issuer: 'CN=CA',
      validFrom: '2026-02-01T00:00:00Z',
      validTo: '2027-02-01T00:00:00Z',
      namesOrganization: false,
    };
    const main = mainWith({
      'certificates.changes': async () => ({
        changes: [
          change({
            decision: {
              accepted: { ...c, sha256: 'ab'.repeat(32) },
              offered: { ...c, sha256: 'cd'.repeat(32) },
              verifiedNote: 'compared by phone with Riverside\u2019s coordinator',
            },
          }),
        ],
        expiring: [],
      }),
      'notices.list': async () => ({ backupDismissed: [] }),
    });
    show(main.api, sirb);
    const notice = await screen.findByTestId('certificate-change-notice');
    expect(within(notice).getByTestId('certificate-decision').textContent).toMatch(
      /whose certificate you verified \(compared by phone with Riverside.s coordinator\)\. Do not accept it/,
    );
  });

  it('offers no re-wrap for a certificate that fails the check and says why', async () => {
    const main = mainWith({
      'certificates.changes': async () => ({
        changes: [
          change({
            certificate: { ...change().certificate!, keyBits: 1024 },
            problem:
              'The certificate of Riverside Medical Center cannot receive keys: the certificate RSA key is 1024 bits; at least 2048 are required',
          }),
        ],
        expiring: [],
      }),
      'notices.list': async () => ({ backupDismissed: [] }),
    });
    show(main.api, sirb);
    const notice = await screen.findByTestId('certificate-change-notice');
    expect(within(notice).queryByTestId('certificate-rewrap')).toBeNull();
    expect(within(notice).getByTestId('certificate-change-problem').textContent).toMatch(
      /Nothing can be shared with it again: .*1024 bits; at least 2048 are required\./,
    );
    expect(notice.textContent).toContain('RSA 1024 bits (under 2048: too small)');
    expect(within(notice).getByTestId('certificate-check').textContent).toMatch(
      /^Check against your trust anchors failed/,
    );
  });

  it('shows a refused re-wrap where it was asked for, with its code', async () => {
    const main = mainWith({
      'certificates.changes': async () => ({ changes: [change()], expiring: [] }),
      'certificates.rewrap': async () => {
        throw appError({
          code: 'untrusted-certificate',
          explanation: 'The certificate is not issued by a trusted CA.',
        });
      },
      'notices.list': async () => ({ backupDismissed: [] }),
    });
    show(main.api, sirb);
    fireEvent.click(await screen.findByTestId('certificate-rewrap'));
    const error = await screen.findByTestId('error-display');
    expect(error.textContent).toContain('Nothing was shared again.');
    expect(within(error).getByTestId('error-code').textContent).toBe('untrusted-certificate');
    expect(screen.queryByTestId('rewrap-result-notice')).toBeNull();
  });

  it('follows the checks main sends (on a session opening, every few hours)', async () => {
    const main = mainWith({
      'certificates.changes': async () => ({ changes: [], expiring: [] }),
      'notices.list': async () => ({ backupDismissed: [] }),
    });
    show(main.api, sirb);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByTestId('certificate-change-notice')).toBeNull();
    main.push('certificates.changed', { profileId: 'someone-else', changes: [change()], expiring: [] });
    expect(screen.queryByTestId('certificate-change-notice')).toBeNull();
    main.push('certificates.changed', { profileId: sirb.id, changes: [change()], expiring: [] });
    expect(await screen.findByTestId('certificate-change-notice')).toBeTruthy();
  });
});

describe('expiry', () => {
  it('warns about collaborators\u2019 certificates expiring within 30 days or expired, beside the profile\u2019s own', async () => {
    const main = mainWith({
      'certificates.changes': async () => ({
        changes: [],
        expiring: [
          {
            organizationId: RIVERSIDE,
            name: 'Riverside Medical Center',
            validTo: new Date(NOW + 10 * DAY).toISOString(),
            expired: false,
          },
          {
            organizationId: 'b'.repeat(32),
            name: 'Lakeside University',
            validTo: new Date(NOW - 2 * DAY).toISOString(),
            expired: true,
          },
        ],
      }),
      'notices.list': async () => ({ backupDismissed: [] }),
    });
    show(main.api, { ...sirb, certificate: { ...sirb.certificate, validTo: new Date(NOW + 5 * DAY).toISOString() } });
    const lines = (await screen.findAllByTestId('collaborator-expiry-notice')).map(
      (n) => n.querySelector('.notice-text')!.textContent,
    );
    expect(lines[0]).toMatch(
      /^The certificate of Riverside Medical Center expires in 10 days .*grants to it are refused from then until it is renewed\.$/,
    );
    expect(lines[1]).toMatch(
      /^The certificate of Lakeside University expired on .*: grants to it are refused until it is renewed\.$/,
    );
    expect(screen.getByTestId('own-expiry-notice').textContent).toMatch(
      /^The certificate of Central IRB expires in 5 days/,
    );
  });
});

describe('dismissing a collaborator\u2019s certificate notice', () => {
  it('hides it for the session, one organization at a time; a change awaiting a decision offers no Dismiss', async () => {
    const main = mainWith({
      'certificates.changes': async () => ({
        changes: [change()],
        expiring: [
          {
            organizationId: 'b'.repeat(32),
            name: 'Lakeside University',
            validTo: new Date(NOW + 10 * DAY).toISOString(),
            expired: false,
          },
        ],
      }),
      'containers.list': async () => [],
      'notices.list': async () => ({ backupDismissed: [] }),
    });
    show(main.api, sirb);
    const notice = await screen.findByTestId('certificate-change-notice');
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss the notice about Riverside Medical Center' }));
    expect(screen.queryByTestId('certificate-change-notice')).toBeNull();
    const expiry = screen.getByTestId('collaborator-expiry-notice');
    fireEvent.click(within(expiry).getByRole('button', { name: 'Dismiss the notice about Lakeside University' }));
    expect(screen.queryByTestId('collaborator-expiry-notice')).toBeNull();
  });
});

describe('a key never backed up', () => {
  const site = profile({ id: 'p2', name: 'Riverside', environment: 'production', backedUp: false });

  it('says so once: Back up now… opens Settings, Dismiss is remembered by main', async () => {
    let dismissed: string[] = [];
    const main = mainWith({
      'certificates.changes': async () => ({ changes: [], expiring: [] }),
      'notices.list': async () => ({ backupDismissed: dismissed }),
      'notices.dismissBackup': async ({ profileId }: { profileId: string }) => ({
        backupDismissed: (dismissed = [...dismissed, profileId]),
      }),
    });
    const onOpenSettings = show(main.api, site);
    const notice = await screen.findByTestId('backup-notice');
    expect(notice.textContent).toContain('The key of “Riverside” has never been backed up');
    fireEvent.click(within(notice).getByTestId('backup-now'));
    expect(onOpenSettings).toHaveBeenCalledOnce();
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss the backup notice' }));
    await vi.waitFor(() => expect(screen.queryByTestId('backup-notice')).toBeNull());
    expect(main.calls.find((c) => c.name === 'notices.dismissBackup')?.args).toEqual({ profileId: 'p2' });

    // Shown again in a new window? No: main remembers the dismissal.
    cleanup();
    show(main.api, site);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByTestId('backup-notice')).toBeNull();
  });

  it('is not shown for a key backed up or a sandbox profile', async () => {
    const main = mainWith({
      'certificates.changes': async () => ({ changes: [], expiring: [] }),
      'notices.list': async () => ({ backupDismissed: [] }),
    });
    show(main.api, { ...site, backedUp: true });
    cleanup();
    show(main.api, { ...site, environment: 'sandbox' });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByTestId('backup-notice')).toBeNull();
    // Nothing to say: no empty region in the window.
    expect(screen.queryByTestId('notices')).toBeNull();
  });
});
