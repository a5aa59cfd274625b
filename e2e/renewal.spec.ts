// Issue 29, a site renews across two organizations on one exchange (the browser host's embedded
// sandbox, a real reference server): Riverside takes a new key whose certificate the consortium
// CA issued and the administrator registered, through Settings' Renew form. The sIRB's document
// is still wrapped for the old key and opens with it (a reading key). The sIRB's window shows the
// new-certificate notice and re-wraps, and refuses Lakeside's new RSA 1024 certificate saying why;
// once nothing needs the old key, Riverside forgets it in Settings and everything still opens.
// A test exchange's key never backed up says so once (Back up now… opens its Settings page;
// Dismiss holds across a restart of the host). The notices pass axe in both themes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  createCertificateAuthority,
  issueIdentity,
  parseCertificate,
  type Identity,
} from '../shared/protocol/certificates.js';
import { SqliteStore } from '../server/store/sqlite/sqlite-store.js';
import { expect, signInContext, startHost, test, type RunningHost } from './host-fixture.js';
import {
  chooseFile,
  closeDialog,
  fileRow,
  openChromeDialog,
  openStudy,
  refreshStudy,
  savedBytes,
  showInTheme,
  switchTo,
  type ProfileInfo,
} from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { visualLines } from './support/layout.js';
import { isBlocking, StateScans } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { callHost, stageOnHost, uploadVerified } from './support/host-api.js';
import { restartTrusting } from './support/trust.js';

test.describe.configure({ mode: 'serial' });

let work: string;
let host: RunningHost;
let context: BrowserContext;
let page: Page;
let sirb: ProfileInfo;
let site: ProfileInfo;
let admin: ProfileInfo;
let lakeside: ProfileInfo;
let containerId: string;
const protocol = minimalPdf('Protocol for the renewal study');
const report = minimalPdf('Riverside enrolment report');
let consortium: Identity;
let renewed: Identity;
let harborKey: Identity;

const upload = (name: string, bytes: Buffer): Promise<string> => uploadVerified(host, containerId, '', name, bytes);

/** Riverside opens both documents in the window: saved (decrypted, verified) bytes as uploaded. */
async function siteOpensBoth(): Promise<void> {
  await switchTo(page, site);
  await openStudy(page, containerId);
  await refreshStudy(page);
  for (const [name, bytes] of [
    ['protocol.pdf', protocol],
    ['enrolment-report.pdf', report],
  ] as const) {
    await fileRow(page, name).click();
    await expect(page.getByTestId('details-name')).toHaveText(name);
    expect((await savedBytes(page, work, name)).equals(bytes)).toBe(true);
  }
}

/** Settings, on Riverside's page. */
async function siteSettings(): Promise<{ dialog: Locator; pageOf: Locator }> {
  const dialog = await openChromeDialog(page, 'settings');
  await dialog.locator(`[data-testid="profile-row"][data-profile-id="${site.id}"]`).click();
  const pageOf = dialog.getByTestId('profile-page');
  await expect(pageOf).toHaveAttribute('data-profile-id', site.id);
  return { dialog, pageOf };
}

test.beforeAll(async ({ browser }) => {
  work = await mkdtemp(join(tmpdir(), 'e2e-renewal-'));
  host = await startHost(join(work, 'data'));
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await signInContext(context, host);
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  sirb = profiles.find((p) => p.roles.includes('sirb'))!;
  site = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
  admin = profiles.find((p) => p.roles.includes('admin'))!;
  lakeside = profiles.find((p) => p.organizationName === 'Lakeside University')!;
  await callHost(host, 'profiles.switch', { profileId: sirb.id });
  containerId = (await callHost<{ id: string }>(host, 'containers.create', { title: 'Renewal study' })).id;
  await callHost(host, 'collaborators.add', { containerId, organizationId: site.organizationId });
  const protocolPath = await upload('protocol.pdf', protocol);
  await callHost(host, 'access.grant', {
    containerId,
    itemPaths: [protocolPath],
    organizationIds: [site.organizationId],
  });
  await callHost(host, 'profiles.switch', { profileId: site.id });
  await upload('enrolment-report.pdf', report);

  // The consortium's CA, trusted by the exchange (its administrator's doing) and so by the sIRB's
  // sandbox profile; it issues Riverside's new certificate, which the administrator registers.
  consortium = createCertificateAuthority('Study Consortium CA');
  renewed = issueIdentity('Riverside Medical Center', { ca: consortium });
  host = await restartTrusting(host, consortium.certificatePem, context);
  await callHost(host, 'profiles.switch', { profileId: admin.id });
  await callHost(host, 'admin.putCertificate', {
    organizationId: site.organizationId,
    certificateBase64: Buffer.from(renewed.certificatePem).toString('base64'),
    mediaType: 'application/x-pem-file',
  });
  // Lakeside's new certificate is RSA 1024, which the exchange's API refuses: written straight into
  // its store, as a directory that let one through would list it.
  const small = issueIdentity('Lakeside University', { ca: consortium, bits: 1024 }).certificatePem;
  const store = new SqliteStore(join(host.dataDir, 'sandbox', 'exchange'));
  try {
    const changes = { certificatePem: small, thumbprint: parseCertificate(small).thumbprint };
    await store.updateOrganization(lakeside.organizationId, changes, Date.now());
  } finally {
    await store.close();
  }
});

test.afterAll(async () => {
  await context?.close();
  await host?.stop();
  await rm(work, { recursive: true, force: true });
});

test('Riverside renews in Settings and still opens the sIRB’s document with its old key', async () => {
  const keyPath = join(work, 'riverside-new.key');
  const certPath = join(work, 'riverside-new.pem');
  await writeFile(keyPath, renewed.privateKeyPem, { mode: 0o600 });
  await writeFile(certPath, renewed.certificatePem);
  await page.goto(host.url);
  await switchTo(page, site);
  const { dialog, pageOf } = await siteSettings();
  await pageOf.getByTestId('profile-renew-open').click();
  await pageOf.getByTestId('renew-how-file').check();
  for (const [button, file] of [
    ['renew-key-file-pick', keyPath],
    ['renew-cert-pick', certPath],
  ] as const)
    await chooseFile(page, pageOf.getByTestId(button), file);
  await pageOf.getByTestId('renew-submit').click();
  await expect(dialog.getByTestId('settings-status')).toContainText('now uses its new key');
  await expect(pageOf.getByTestId('key-backup-reading')).toContainText('1 older key kept for reading');
  // Its own items are re-wrapped in the background; what the sIRB shared still needs the old key.
  await expect(pageOf.getByTestId('rewrap-progress')).toContainText(
    /Your documents are shared again \(\d+\)\. \d+ items? shared with you still open only with an old key/,
  );
  await closeDialog(dialog);
  // The sIRB has re-wrapped nothing yet: the protocol opens with the reading key.
  await siteOpensBoth();
});

test('the sIRB’s window shows the new certificates with their checks, passes axe in both themes, and re-wraps', async () => {
  await switchTo(page, sirb);
  const notice = page.getByTestId('certificate-change-notice').filter({ hasText: 'Riverside Medical Center' });
  // A collaborator's renewal is a decision first (issue 34): nothing is re-wrapped before Accept.
  await expect(notice.getByTestId('certificate-decision')).toContainText(
    'The exchange now lists another certificate for Riverside Medical Center (not verified)',
  );
  await expect(notice.getByTestId('certificate-rewrap')).toHaveCount(0);
  // Issue 38 §5: at 1024 a collaborator's certificate notice takes at most three lines.
  await page.setViewportSize({ width: 1024, height: 680 });
  expect(await visualLines(notice), 'the decision notice at 1024').toBeLessThanOrEqual(3);
  await page.setViewportSize({ width: 1280, height: 800 });
  await notice.getByTestId('certificate-accept').click();
  // Lakeside's too small certificate: nothing to press, and why.
  const refused = page.getByTestId('certificate-change-notice').filter({ hasText: 'Lakeside University' });
  await expect(refused.getByTestId('certificate-change-problem')).toContainText(
    /Nothing can be shared with it again: .*1024 bits; at least 2048 are required/,
  );
  await expect(refused.getByTestId('certificate-rewrap')).toHaveCount(0);
  await expect(notice).toContainText(
    /Riverside Medical Center has a new certificate — \d+ of your documents in \d+ stud(y|ies) still (has a key|have keys) for the old one\./,
  );
  await notice.getByText('Details').click();
  await expect(notice.getByTestId('certificate-check')).toContainText('Check against your trust anchors passed');
  await expect(notice).toContainText('CN=Study Consortium CA');

  const scans = new StateScans(page);
  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    await showInTheme(page, host, theme);
    await expect(notice).toBeVisible();
    await scans.scan('new-certificate notice');
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await saveScreenshot(page, `renewal-notice-${theme}-${width}`);
    }
    // details closed (the theme's reload), at 1024: each notice three lines at most
    for (const n of [notice, refused])
      expect(await visualLines(n), `${await n.textContent()} at 1024`).toBeLessThanOrEqual(3);
    await notice.getByText('Details').click();
    await expect(notice.getByTestId('certificate-check')).toBeVisible();
    await scans.scan('new-certificate notice, details open');
    await saveScreenshot(page, `renewal-notice-details-${theme}-1024`);
    // The details pane (Save as…) is beside the list at this width.
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);

  // Keyboard: the re-wrap button is reached and pressed from the keyboard.
  await notice.getByTestId('certificate-rewrap').focus();
  await page.keyboard.press('Enter');
  const result = page.getByTestId('rewrap-result-notice');
  await expect(result).toContainText(
    /\d+ of your documents shared again for the new certificate of Riverside Medical Center\./,
  );
  await expect(notice).toHaveCount(0);
  await expect(refused).toBeVisible();
  await result.getByText('Details').click();
  await expect(result.getByTestId('rewrap-results')).toContainText('Shared again: protocol.pdf in Renewal study');
  await saveScreenshot(page, 'renewal-rewrapped');
});

test('Riverside forgets its old key in Settings, and everything still opens with the new one', async () => {
  await switchTo(page, site);
  const { dialog, pageOf } = await siteSettings();
  // Refused while anything still needs it: Riverside's own re-wrap and the sIRB's are done (above).
  await pageOf.getByTestId('key-forget-old').click();
  await expect(dialog.getByTestId('settings-status')).toContainText('were forgotten');
  await expect(pageOf.getByTestId('key-forget-old')).toHaveCount(0);
  await closeDialog(dialog);
  await siteOpensBoth();
});

test('a key never backed up says so once: Back up now… opens its Settings page, Dismiss is remembered', async () => {
  // A profile of a test exchange (the sandbox's keys are made again with it: no notice there),
  // for an organization the administrator registers.
  await callHost(host, 'profiles.switch', { profileId: admin.id });
  const harborId = (
    await callHost<{ id: string }>(host, 'admin.createOrganization', {
      name: 'Harbor Clinic',
      isSirb: false,
      certificatePem: (harborKey = issueIdentity('Harbor Clinic', { ca: consortium })).certificatePem,
    })
  ).id;
  const baseUrl = (await callHost<{ baseUrl: string }[]>(host, 'profiles.list'))[0]!.baseUrl;
  const harbor = await callHost<ProfileInfo>(host, 'profiles.importPem', {
    name: 'Harbor Clinic (test)',
    environment: 'test',
    baseUrl,
    organizationId: harborId,
    keyFile: await stageOnHost(host, 'harbor.key', harborKey.privateKeyPem),
    certificatePem: harborKey.certificatePem,
  });
  await page.reload();
  await switchTo(page, { id: harbor.id, organizationName: 'Harbor Clinic' });
  const notice = page.getByTestId('backup-notice');
  await expect(notice).toContainText('The key of “Harbor Clinic (test)” has never been backed up');
  const scans = new StateScans(page);
  await scans.scan('backup notice');
  expect(scans.findings.filter(isBlocking)).toEqual([]);
  await saveScreenshot(page, 'renewal-backup-notice');

  await notice.getByTestId('backup-now').click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog.getByTestId('profile-page')).toHaveAttribute('data-profile-id', harbor.id);
  await closeDialog(dialog);

  await notice.getByRole('button', { name: 'Dismiss the backup notice' }).click();
  await expect(notice).toHaveCount(0);
  // Remembered by main for this key: another run of the host, and a new page, do not show it again.
  await host.stop();
  host = await startHost(host.dataDir);
  await signInContext(context, host);
  expect((await callHost<{ backupDismissed: string[] }>(host, 'notices.list')).backupDismissed).toEqual([harbor.id]);
  // A new page (the host may be on the same port: only the address's #token would differ).
  await page.goto('about:blank');
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/call/notices.list'));
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText(/^Harbor Clinic/);
  expect(await (await listed).json()).toEqual({ ok: true, value: { backupDismissed: [harbor.id] } });
  await expect(notice).toHaveCount(0);
});
