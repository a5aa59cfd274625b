// Issue 34, the swapped certificate in the window (the browser host's embedded sandbox, a real
// reference server): the sIRB shares a document with Lakeside, which pins Lakeside's certificate.
// Then the exchange's administrator registers another certificate for Lakeside, issued by a CA the
// exchange trusts, in Riverside's name (the server refuses a thumbprint another organization has,
// so it is a changed certificate, not Riverside's own). The sIRB's window shows the decision with
// both certificates side by side; a grant to Lakeside in Manage access wraps nothing and says why
// there; Settings lists Lakeside's fingerprint, "not verified", and Mark as verified… (by keyboard)
// words the notice more strongly; Accept resumes wrapping. Axe scans the notice and Settings'
// collaborator section in both themes at 1024×680 and 1280×800.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { createCertificateAuthority, issueIdentity, parseCertificate } from '../shared/protocol/certificates.js';
import { certificateToPin } from '../shared/protocol/pinnable.js';
import { groupFingerprint } from '../shared/trust/fingerprint.js';
import { expect, signInContext, startHost, test, type RunningHost } from './host-fixture.js';
import {
  closeDialog,
  detailsAction,
  fileRow,
  openChromeDialog,
  openStudy,
  refreshStudy,
  showInTheme,
  switchTo,
  type ProfileInfo,
} from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, StateScans } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { callHost, uploadVerified } from './support/host-api.js';
import { restartTrusting } from './support/trust.js';

test.describe.configure({ mode: 'serial' });

let work: string;
let host: RunningHost;
let context: BrowserContext;
let page: Page;
let sirb: ProfileInfo;
let lakeside: ProfileInfo;
let admin: ProfileInfo;
let containerId: string;
let consentPath: string;
const swapped = { pem: '', sha256: '' };
const SIZES = [
  { width: 1024, height: 680 },
  { width: 1280, height: 800 },
] as const;

const readers = async (path: string): Promise<string[]> =>
  (await callHost<{ id: string }[]>(host, 'access.list', { containerId, itemPath: path })).map((o) => o.id);

const lakesideNotice = (): Locator =>
  page.getByTestId('certificate-change-notice').filter({ hasText: 'Lakeside University' });

test.beforeAll(async ({ browser }) => {
  work = await mkdtemp(join(tmpdir(), 'e2e-trust-'));
  host = await startHost(join(work, 'data'));
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signInContext(context, host);
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  sirb = profiles.find((p) => p.roles.includes('sirb'))!;
  admin = profiles.find((p) => p.roles.includes('admin'))!;
  lakeside = profiles.find((p) => p.organizationName === 'Lakeside University')!;
  await callHost(host, 'profiles.switch', { profileId: sirb.id });
  containerId = (await callHost<{ id: string }>(host, 'containers.create', { title: 'Trust study' })).id;
  await callHost(host, 'collaborators.add', { containerId, organizationId: lakeside.organizationId });
  // The first grant pins Lakeside's sandbox certificate (trust on first use).
  const protocolPath = await uploadVerified(host, containerId, '', 'protocol.pdf', minimalPdf('Trust protocol'));
  await callHost(host, 'access.grant', {
    containerId,
    itemPaths: [protocolPath],
    organizationIds: [lakeside.organizationId],
  });
  expect(await readers(protocolPath)).toContain(lakeside.organizationId);
  consentPath = await uploadVerified(host, containerId, '', 'consent.pdf', minimalPdf('Trust consent form'));

  // A CA the exchange trusts (its administrator's doing) issues a certificate in Riverside's name,
  // which the administrator registers for Lakeside.
  const consortium = createCertificateAuthority('Study Consortium CA');
  const riversideNamed = issueIdentity('Riverside Medical Center', { ca: consortium });
  swapped.pem = riversideNamed.certificatePem;
  swapped.sha256 = certificateToPin(parseCertificate(swapped.pem), lakeside.organizationId).sha256;
  host = await restartTrusting(host, consortium.certificatePem, context);
  await callHost(host, 'profiles.switch', { profileId: admin.id });
  await callHost(host, 'admin.putCertificate', {
    organizationId: lakeside.organizationId,
    certificateBase64: Buffer.from(swapped.pem).toString('base64'),
    mediaType: 'application/x-pem-file',
  });
  await callHost(host, 'profiles.switch', { profileId: sirb.id });
});

test.afterAll(async () => {
  await context?.close();
  await host?.stop();
  await rm(work, { recursive: true, force: true });
});

test('the sIRB’s window asks for a decision, with both certificates side by side', async () => {
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText(sirb.organizationName);
  const notice = lakesideNotice();
  await expect(notice.getByTestId('certificate-decision')).toContainText(
    'The exchange now lists another certificate for Lakeside University (not verified)',
  );
  await expect(notice.getByTestId('certificate-rewrap')).toHaveCount(0);
  await notice.locator('summary').click();
  const comparison = notice.getByTestId('certificate-comparison');
  await expect(comparison).toBeVisible();
  await expect(comparison).toContainText('Accepted certificate');
  await expect(comparison).toContainText('New certificate');
  await expect(comparison).toContainText('CN=Lakeside University');
  await expect(comparison).toContainText('CN=Riverside Medical Center');
  await expect(comparison).toContainText(groupFingerprint(swapped.sha256));

  const scans = new StateScans(page);
  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    await showInTheme(page, host, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(lakesideNotice()).toBeVisible();
      await lakesideNotice().locator('summary').click();
      await expect(lakesideNotice().getByTestId('certificate-comparison')).toBeVisible();
      await scans.scan(`certificate decision ${size.width}`);
      await saveScreenshot(page, `trust-decision-${theme}-${size.width}`);
      await lakesideNotice().locator('summary').click();
    }
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);
  await showInTheme(page, host, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('a grant to Lakeside wraps nothing and says why in Manage access', async () => {
  await openStudy(page, containerId);
  await refreshStudy(page);
  await fileRow(page, 'consent.pdf').click();
  await expect(page.getByTestId('details-name')).toHaveText('consent.pdf');
  await detailsAction(page, 'manage-access');
  const dialog = page.getByTestId('manage-access-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Lakeside University' }).check();
  await dialog.getByTestId('grant-button').click();
  const result = dialog.getByTestId('access-results');
  await expect(result).toContainText('Lakeside University');
  await expect(result).toContainText('until you accept the new certificate');
  await saveScreenshot(page, 'trust-grant-refused');
  await closeDialog(dialog);
  expect(await readers(consentPath)).not.toContain(lakeside.organizationId);
});

test('Settings lists Lakeside’s fingerprint, not verified; Mark as verified… by keyboard words the notice more strongly', async () => {
  const dialog = await openChromeDialog(page, 'settings');
  const section = dialog.getByTestId('collaborator-certificates');
  const pin = section.locator(`[data-testid="collaborator-pin"][data-organization-id="${lakeside.organizationId}"]`);
  await expect(pin).toBeVisible();
  await expect(pin.getByTestId('pin-unverified')).toHaveText('not verified');
  await expect(pin.getByTestId('pin-fingerprint')).toHaveText(/^([0-9A-F]{4} ){15}[0-9A-F]{4}$/);
  // the accepted one, not the one the exchange lists now
  await expect(pin.getByTestId('pin-fingerprint')).not.toHaveText(groupFingerprint(swapped.sha256));
  await expect(section.getByTestId('certificate-decision')).toContainText('(not verified)');

  const scans = new StateScans(page);
  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    if (theme === 'dark') {
      await closeDialog(dialog);
      await showInTheme(page, host, theme);
      await openChromeDialog(page, 'settings');
    }
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await pin.scrollIntoViewIfNeeded();
      await scans.scan(`Settings collaborator certificates ${size.width}`);
      await saveScreenshot(page, `trust-settings-${theme}-${size.width}`);
    }
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);

  // Keyboard only: from the button before it, Tab reaches Mark as verified…, Enter opens the form
  // with the note focused, Enter saves.
  const mark = pin.getByTestId('pin-mark-verified');
  await expect(mark).toHaveText('Mark as verified…');
  await mark.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(mark).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(pin.getByTestId('verify-note')).toBeFocused();
  await page.keyboard.type('compared by phone with Lakeside’s coordinator');
  await page.keyboard.press('Enter');
  await expect(pin.getByTestId('pin-verified-note')).toContainText('compared by phone with Lakeside’s coordinator');
  await expect(pin.getByTestId('pin-unverified')).toHaveCount(0);
  await expect(section.getByTestId('certificate-decision')).toContainText(
    'whose certificate you verified (compared by phone with Lakeside’s coordinator)',
  );
  await saveScreenshot(page, 'trust-settings-verified');
  await closeDialog(page.getByTestId('settings-dialog'));
  await showInTheme(page, host, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(lakesideNotice().getByTestId('certificate-decision')).toContainText(
    'Do not accept it before comparing its fingerprint with Lakeside University again',
  );
});

test('Accept resumes wrapping: the same grant now reaches Lakeside', async () => {
  await switchTo(page, sirb);
  const notice = lakesideNotice();
  await notice.getByTestId('certificate-accept').click();
  await expect(notice.getByTestId('certificate-decision')).toHaveCount(0);
  await openStudy(page, containerId);
  await fileRow(page, 'consent.pdf').click();
  await detailsAction(page, 'manage-access');
  const dialog = page.getByTestId('manage-access-dialog');
  await dialog.getByRole('checkbox', { name: 'Lakeside University' }).check();
  await dialog.getByTestId('grant-button').click();
  await expect(dialog.getByTestId('access-results')).toContainText('Shared with Lakeside University');
  await closeDialog(dialog);
  expect(await readers(consentPath)).toContain(lakeside.organizationId);
});
