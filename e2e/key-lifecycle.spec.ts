// Issue 29: a key's life in the window, through the browser host against the embedded exchange. A
// key generated in Settings (its CSR signed by a consortium CA made with openssl and registered by
// the administrator) becomes a profile; the sIRB shares a document with it; the key is backed up (a
// real .p12 download), the profile removed and restored from the backup ("Add profile from a
// backup": a wrong password says so and changes nothing), and the document opens again; renewed in
// the window, the old key stays for reading and still opens it. Settings,
// a list beside one profile's page, fits 1024×680, passes axe in both themes and works by keyboard.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type RunningHost } from './host-fixture.js';
import {
  chooseFile,
  closeDialog,
  fileRow,
  openChromeDialog,
  openStudy,
  savedBytes,
  showInTheme,
  switchTo,
  type ProfileInfo,
} from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, StateScans } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { callHost, uploadVerified } from './support/host-api.js';
import { fitsInWindow } from './support/layout.js';
import { certificateAuthority, type PemIdentity } from './support/openssl.js';
import { restartTrusting } from './support/trust.js';

const PASSWORD = 'long backup passphrase 29';

async function profiles(host: RunningHost): Promise<ProfileInfo[]> {
  return callHost<ProfileInfo[]>(host, 'profiles.list');
}

/** Saves the CSR the form just made, and has the consortium's CA issue its certificate; returns the certificate's path. */
async function certificateFor(page: Page, scope: Locator, ca: PemIdentity, dir: string, name: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await scope.getByTestId('csr-download').click();
  const csrPath = join(dir, `${name}.csr`);
  await (await downloading).saveAs(csrPath);
  const certPath = join(dir, `${name}.crt`);
  const args = ['x509', '-req', '-in', csrPath, '-CA', ca.certPath, '-CAkey', ca.keyPath];
  execFileSync('openssl', [...args, '-set_serial', String(Date.now()), '-days', '30', '-out', certPath], {
    stdio: 'pipe',
  });
  return certPath;
}

/** The page scrolls inside the dialog when it must, but nothing is cut sideways. */
async function expectNotCutSideways(dialog: Locator): Promise<void> {
  for (const testId of ['settings-page', 'settings-dialog']) {
    const el = testId === 'settings-dialog' ? dialog.locator('.dialog-body') : dialog.getByTestId(testId);
    const { scroll, client } = await el.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(scroll, `${testId} is cut sideways`).toBeLessThanOrEqual(client + 1);
  }
}

test('Settings at 1024×680: the list and one profile page fit, pass axe in light and dark, and work by keyboard', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 680 });
  const scans = new StateScans(page);
  await page.goto(host.url);
  for (const theme of ['light', 'dark'] as const) {
    scans.theme = theme;
    await showInTheme(page, host, theme);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    const dialog = await openChromeDialog(page, 'settings');
    const irbRow = dialog.getByTestId('profile-row').filter({ hasText: 'Sandbox IRB' });
    await expect(irbRow).toHaveAttribute('aria-current', 'page');
    await expect(dialog.getByTestId('profile-page')).toHaveCount(1);
    await expect(dialog.getByTestId('profile-keys').getByTestId('profile-key')).toHaveCount(1);
    await saveScreenshot(page, `key-lifecycle-settings-1024-${theme}`);
    await fitsInWindow(page, dialog);
    await expectNotCutSideways(dialog);
    await scans.scan('Settings: the list and the active profile page');
    await dialog.getByTestId('profile-renew-open').click();
    await scans.scan('Settings: the renewal form');
    await dialog.getByTestId('settings-nav-backup').click();
    await expectNotCutSideways(dialog);
    await scans.scan('Settings: Add profile from a backup');
    await dialog.getByTestId('settings-nav-preferences').click();
    await scans.scan('Settings: Preferences');
    await closeDialog(dialog);
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);

  // By keyboard: Tab reaches the list, each page's controls and Remove…; Enter opens a page.
  const dialog = await openChromeDialog(page, 'settings');
  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    reached.add(id);
    if (id === 'settings-nav-backup') break;
  }
  expect([...reached]).toEqual(expect.arrayContaining(['profile-row', 'settings-nav-add', 'settings-nav-backup']));
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('profile-add-form')).toHaveAccessibleName('Add profile from a backup');
  // Back up the list to the active profile (four profiles, then "Add a profile").
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+Tab');
  await expect(page.locator(':focus')).toContainText('Sandbox IRB');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('profile-page')).toBeVisible();
  reached.clear();
  for (let i = 0; i < 60 && !reached.has('profile-remove'); i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''));
  }
  expect([...reached]).toEqual(
    expect.arrayContaining(['key-backup-open', 'profile-renew-open', 'profile-receipts-sending', 'profile-remove']),
  );
  await closeDialog(dialog);

  // In a narrow window a select takes the list's place.
  await page.setViewportSize({ width: 700, height: 600 });
  const narrow = await openChromeDialog(page, 'settings');
  await expect(narrow.getByRole('navigation', { name: 'Settings pages' })).toBeHidden();
  const select = narrow.getByTestId('settings-nav-select');
  await expect(select).toBeVisible();
  await select.focus();
  await select.selectOption({ label: 'Add profile from a backup' });
  await expect(narrow.getByTestId('profile-add-form')).toHaveAccessibleName('Add profile from a backup');
  await fitsInWindow(page, narrow);
  await expectNotCutSideways(narrow);
  await saveScreenshot(page, 'key-lifecycle-settings-700');
  const narrowScan = new StateScans(page);
  narrowScan.theme = 'dark';
  await narrowScan.scan('Settings in a narrow window');
  expect(narrowScan.findings.filter(isBlocking)).toEqual([]);
  await closeDialog(narrow);
});

test('a key generated in the window is backed up, its profile removed and restored from the backup, and a document shared with it opens', async ({
  page,
  host: first,
}) => {
  test.setTimeout(300_000);
  const dir = await mkdtemp(join(tmpdir(), 'e2e-key-lifecycle-'));
  const ca = certificateAuthority(dir, 'E2E Consortium CA');
  const host = await restartTrusting(first, ca.certificatePem, page.context());
  try {
    await page.setViewportSize({ width: 1024, height: 680 });
    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    const all = await profiles(host);
    const irb = all.find((p) => p.name.endsWith('Sandbox IRB'))!;
    const admin = all.find((p) => p.roles.includes('admin'))!;

    // 1. Generate the key in the window and save its certificate signing request.
    const dialog = await openChromeDialog(page, 'settings');
    await dialog.getByTestId('settings-nav-add').click();
    await dialog.getByTestId('profile-gen-cn').fill('Northwind Clinic');
    await dialog.getByTestId('profile-gen-submit').click();
    await expect(dialog.getByTestId('csr-result')).toContainText('Northwind Clinic', { timeout: 60_000 });

    // 2. The consortium's CA issues the certificate; the administrator registers the organization with it.
    const certPath = await certificateFor(page, dialog, ca, dir, 'northwind');
    const certificatePem = await readFile(certPath, 'utf8');
    await callHost(host, 'profiles.switch', { profileId: admin.id });
    const org = await callHost<{ id: string }>(host, 'admin.createOrganization', {
      name: 'Northwind Clinic',
      isSirb: false,
      certificatePem,
    });
    await callHost(host, 'profiles.switch', { profileId: irb.id });

    // 3. The generated key and its certificate become a profile.
    const form = dialog.getByTestId('profile-add-form');
    await form.getByTestId('profile-add-name').fill('Northwind Clinic');
    await form.getByTestId('profile-add-org-id').fill(org.id);
    await form.getByTestId('profile-add-use-generated').check();
    await chooseFile(page, form.getByRole('button', { name: 'Choose the certificate…' }), certPath);
    await form.getByTestId('profile-add-submit').click();
    await expect(dialog.getByTestId('settings-status')).toHaveText(
      'Profile "Northwind Clinic" added for Northwind Clinic.',
    );
    const northwind = (await profiles(host)).find((p) => p.organizationId === org.id)!;
    const pageOf = dialog.getByTestId('profile-page');
    await expect(pageOf).toHaveAttribute('data-profile-id', northwind.id);
    await expect(pageOf.getByTestId('key-backup-status')).toContainText('never been backed up');
    await expect(pageOf.getByTestId('profile-key')).toHaveText(
      new RegExp(`Current${northwind.certificate.thumbprint}`, 'i'),
    );

    // 4. The sIRB shares a document with it.
    const containerId = (await callHost<{ id: string }>(host, 'containers.create', { title: 'Key lifecycle study' }))
      .id;
    await callHost(host, 'collaborators.add', { containerId, organizationId: org.id });
    const pdf = minimalPdf('Northwind consent');
    const itemPath = await uploadVerified(host, containerId, '', 'northwind-consent.pdf', pdf);
    await callHost(host, 'access.grant', { containerId, itemPaths: [itemPath], organizationIds: [org.id] });

    // 5. Back it up: the password twice, then the browser saves a real PKCS#12 file.
    await pageOf.getByTestId('key-backup-open').click();
    await pageOf.getByLabel('Backup password').fill(PASSWORD);
    await pageOf.getByLabel('The same password again').fill(PASSWORD);
    const downloadingBackup = page.waitForEvent('download');
    await pageOf.getByTestId('key-backup-save').click();
    const backup = await downloadingBackup;
    expect(backup.suggestedFilename()).toBe('Northwind Clinic keys.p12');
    const p12Path = join(dir, 'northwind.p12');
    await backup.saveAs(p12Path);
    expect((await stat(p12Path)).size).toBeGreaterThan(1000);
    const bundled = execFileSync('openssl', ['pkcs12', '-in', p12Path, '-nokeys', '-passin', `pass:${PASSWORD}`], {
      encoding: 'utf8',
    });
    expect(bundled).toContain('Northwind Clinic');
    await expect(dialog.getByTestId('settings-status')).toContainText('is downloading');
    await expect(pageOf.getByTestId('key-backup-status')).toHaveText('This key is backed up.');
    await saveScreenshot(page, 'key-lifecycle-backed-up-1024');

    // 6. Remove the profile: asked first.
    await pageOf.getByTestId('profile-remove').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Remove profile and key' }).click();
    await expect(dialog.getByTestId('settings-status')).toHaveText('The profile and its key were removed.');
    await expect(dialog.locator(`[data-testid="profile-row"][data-profile-id="${northwind.id}"]`)).toHaveCount(0);
    const afterRemoval = await profiles(host);
    expect(afterRemoval.some((p) => p.organizationId === org.id)).toBe(false);

    // 7. Add it back from the backup: a wrong password is explained and changes nothing.
    await dialog.getByTestId('settings-nav-backup').click();
    const restore = dialog.getByTestId('profile-add-form');
    await expect(restore).toHaveAccessibleName('Add profile from a backup');
    await restore.getByTestId('profile-add-name').fill('Northwind Clinic');
    await restore.getByTestId('profile-add-org-id').fill(org.id);
    await chooseFile(page, restore.getByRole('button', { name: 'Choose the backup file…' }), p12Path);
    await expect(restore).toContainText('northwind.p12');
    await restore.getByTestId('profile-add-p12-password').fill('not the password');
    await restore.getByTestId('profile-add-submit').click();
    const error = restore.getByTestId('profile-add-error');
    await expect(error).toContainText('The profile was not added; nothing was saved.');
    await expect(error).toContainText(/password .*wrong|wrong password/i);
    await saveScreenshot(page, 'key-lifecycle-wrong-password-1024');
    expect(await profiles(host)).toEqual(afterRemoval);

    // The chosen file stays chosen: the right password restores the key.
    await restore.getByTestId('profile-add-p12-password').fill(PASSWORD);
    await restore.getByTestId('profile-add-submit').click();
    await expect(dialog.getByTestId('settings-status')).toHaveText(
      'Profile "Northwind Clinic" added for Northwind Clinic.',
    );
    const restored = (await profiles(host)).find((p) => p.organizationId === org.id)!;
    expect(restored.certificate.thumbprint).toBe(northwind.certificate.thumbprint);
    await expect(pageOf).toHaveAttribute('data-profile-id', restored.id);
    await expect(pageOf.getByTestId('key-backup-status')).toHaveText('This key is backed up.');
    await closeDialog(dialog);

    // 8. The restored profile opens the document the sIRB shared with it.
    // (At the default size, where the details pane shows beside the list.)
    await page.setViewportSize({ width: 1360, height: 860 });
    await switchTo(page, restored);
    await openStudy(page, containerId);
    await fileRow(page, 'northwind-consent.pdf').click();
    await expect(page.getByTestId('details-name')).toHaveText('northwind-consent.pdf');
    expect(await savedBytes(page, dir, 'northwind-consent.pdf')).toEqual(pdf);

    // 9. Renew in the window with a key generated here: refused, saying the step that is missing, until the
    // administrator registers the new certificate; then the old key stays as a reading key.
    const settings = await openChromeDialog(page, 'settings');
    const renewed = settings.getByTestId('profile-page');
    await expect(renewed).toHaveAttribute('data-profile-id', restored.id);
    // Chosen in the list: the page stays while the administrator's profile is switched to and back.
    await settings.locator(`[data-testid="profile-row"][data-profile-id="${restored.id}"]`).click();
    await renewed.getByTestId('profile-renew-open').click();
    const renewal = renewed.getByTestId('profile-renew');
    await renewal.getByTestId('profile-gen-cn').fill('Northwind Clinic');
    await renewal.getByTestId('profile-gen-submit').click();
    await expect(renewal.getByTestId('csr-result')).toBeVisible({ timeout: 60_000 });
    const newCertPath = await certificateFor(page, renewal, ca, dir, 'northwind-2');
    await chooseFile(page, renewal.getByRole('button', { name: 'Choose the new certificate…' }), newCertPath);
    await renewal.getByTestId('renew-submit').click();
    await expect(renewal.getByTestId('renew-error')).toContainText('does not list the new certificate');
    await expect(renewal.getByTestId('renew-error')).toContainText('administrator');
    await expect(renewed.getByTestId('profile-key')).toHaveCount(1);
    await callHost(host, 'profiles.switch', { profileId: admin.id });
    await callHost(host, 'admin.putCertificate', {
      organizationId: org.id,
      certificateBase64: Buffer.from(await readFile(newCertPath, 'utf8')).toString('base64'),
      mediaType: 'application/x-pem-file',
    });
    await callHost(host, 'profiles.switch', { profileId: restored.id });
    await renewal.getByTestId('renew-submit').click();
    await expect(settings.getByTestId('settings-status')).toContainText('now uses its new key');
    const keyRows = renewed.getByTestId('profile-key');
    await expect(keyRows).toHaveCount(2);
    await expect(keyRows.nth(0)).toHaveAttribute('data-role', 'current');
    await expect(keyRows.nth(0)).not.toContainText(northwind.certificate.thumbprint);
    await expect(keyRows.nth(1)).toHaveAttribute('data-role', 'reading');
    await expect(keyRows.nth(1)).toContainText(northwind.certificate.thumbprint);
    // The background re-wrap ends: what the sIRB shared (the document, the study's record) still needs the old key.
    await expect(renewed.getByTestId('rewrap-progress')).toContainText(
      'shared with you still open only with an old key',
      {
        timeout: 60_000,
      },
    );
    await renewed.getByTestId('key-forget-old').click();
    // Refused where it was asked, saying what still needs the old key.
    const refusal = renewed.getByTestId('profile-keys-error');
    await expect(refusal).toContainText('The old keys were kept.');
    await expect(refusal).toContainText('still open only with an old key');
    await expect(renewed.getByTestId('profile-renew')).toHaveCount(0);
    await expect(keyRows).toHaveCount(2);
    await saveScreenshot(page, 'key-lifecycle-renewed');
    await closeDialog(settings);
    // The old key, kept for reading, still opens what was wrapped for it.
    await openStudy(page, containerId);
    await fileRow(page, 'northwind-consent.pdf').click();
    await expect(page.getByTestId('details-name')).toHaveText('northwind-consent.pdf');
    expect(await savedBytes(page, dir, 'northwind-consent.pdf')).toEqual(pdf);

    // Neither the password nor a private key reached the host's log.
    expect(host.output()).not.toContain(PASSWORD);
    expect(host.output()).not.toContain('PRIVATE KEY');
  } finally {
    await host.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
