// At 1024×680 (issue 17's smallest window): every dialog reachable there fits inside the window,
// and the toolbar's Upload… and Refresh act when run by keyboard.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './host-fixture.js';
import {
  createStudy,
  fileRow,
  openChromeDialog,
  uploadWithoutDescribing,
  type ProfileInfo,
} from './support/app-page.js';
import { callHost } from './support/host-api.js';
import { minimalPdf } from './support/documents.js';
import { fitsInWindow } from './support/layout.js';

/** Opens a dialog, checks it fits, and closes it with Escape. */
async function fits(page: Page, open: () => Promise<unknown>, testId: string): Promise<void> {
  await open();
  const dialog: Locator = page.getByTestId(testId);
  await expect(dialog).toBeVisible();
  await fitsInWindow(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test('at 1024×680: Upload… and Refresh by keyboard act; New study, Manage access, Re-key, delete, Activity, Organizations and Admin fit', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1024, height: 680 });
  // Wait for the file chooser from the start. Adding the listener makes Playwright ask Chromium to
  // intercept file choosers without waiting for the answer; a click's own round trips hid that, but
  // a single key press right after it can reach the page first, and the chooser then opens
  // unintercepted and is cancelled (the test timed out waiting for it).
  const chooser = page.waitForEvent('filechooser');
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  const study = await createStudy(page, 'Narrow window dialogs');

  // Upload… by keyboard: Enter opens the file chooser, and the chosen file uploads into the new
  // study, once its (empty) list shows.
  await expect(page.getByText('Drop documents here, or choose Upload…')).toBeVisible();
  const upload = page.getByTestId('upload-button');
  await upload.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'protocol.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Protocol') });
  await uploadWithoutDescribing(page);
  await expect(fileRow(page, 'protocol.pdf')).toBeVisible({ timeout: 30_000 });

  // Refresh by keyboard (Space): a record written behind the window's back shows up.
  await callHost(host, 'items.writeRecord', {
    containerId: study,
    itemPath: 'records/visit-1',
    header: { type: 'visit-report', version: '1', name: 'Visit 1' },
    content: { visit: 1 },
  });
  const records = fileRow(page, 'records');
  await expect(records).toHaveCount(0);
  const refresh = page.getByTestId('refresh');
  await expect(refresh, 'Refresh stays on the toolbar at 1024 px').toBeVisible();
  await refresh.focus();
  await page.keyboard.press('Space');
  await expect(records).toBeVisible();

  const row = fileRow(page, 'protocol.pdf');
  const fromContextMenu = (entry: string) => async () => {
    await row.click({ button: 'right' });
    await page.getByTestId(`menu-${entry}`).click();
  };
  await fits(page, () => page.getByTestId('new-study').click(), 'new-study-dialog');
  await fits(page, fromContextMenu('manage-access'), 'manage-access-dialog');
  await fits(page, fromContextMenu('rekey'), 'rekey-dialog');
  await fits(page, fromContextMenu('delete'), 'confirm-dialog');
  for (const slot of ['activity', 'organizations'] as const)
    await fits(page, () => openChromeDialog(page, slot), `${slot}-dialog`);

  // Admin…: as the sandbox's Admin.
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  const admin = profiles.find((p) => p.name.endsWith('Sandbox Admin'))!;
  await callHost(host, 'profiles.switch', { profileId: admin.id });
  await page.reload();
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox Admin');
  await fits(page, () => openChromeDialog(page, 'admin'), 'admin-dialog');
});
