// Page steps the journeys share: switching profiles, opening a study, picking a file row,
// saving a download, and the account-level dialogs from the top bar.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Download, type Locator, type Page } from '@playwright/test';

export interface ProfileInfo {
  readonly id: string;
  readonly name: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly roles: readonly string[];
  readonly certificate: { readonly subject: string; readonly issuer?: string; readonly thumbprint: string; readonly validFrom?: string; readonly validTo: string };
}

export async function switchTo(page: Page, profile: Pick<ProfileInfo, 'id' | 'organizationName'>): Promise<void> {
  await page.getByTestId('profile-switcher').selectOption(profile.id);
  await expect(page.getByTestId('active-organization')).toHaveText(profile.organizationName);
}

export async function openStudy(page: Page, containerId: string): Promise<void> {
  await page.locator(`[data-testid="study-row"][data-container-id="${containerId}"]`).click();
  await expect(page.getByTestId('file-list')).toBeVisible();
}

export const fileRow = (page: Page, name: string): Locator => page.getByTestId('file-row').filter({ hasText: name });

/** Clicks the details pane's Save as… and returns the saved bytes. */
export async function savedBytes(page: Page, dir: string, name: string): Promise<Buffer> {
  const downloading: Promise<Download> = page.waitForEvent('download');
  await page.getByTestId('details-save-as').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  const path = join(dir, `${Date.now()}-${name}`);
  await download.saveAs(path);
  return readFile(path);
}

/** Opens a top-bar dialog (organizations, admin, activity, settings) and returns it. */
export async function openChromeDialog(page: Page, slot: 'organizations' | 'admin' | 'activity' | 'settings'): Promise<Locator> {
  await page.getByTestId(`open-${slot}`).click();
  const dialog = page.getByTestId(`${slot}-dialog`);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Closes a dialog with its own Close button (the last button of its actions). */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
}

/** "New study…": the title (and optional fields) in the dialog; the new study opens. Returns its id. */
export async function createStudy(page: Page, title: string, more: { protocol?: string; pi?: string } = {}): Promise<string> {
  await page.getByTestId('new-study').click();
  const dialog = page.getByTestId('new-study-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('study-title-input').fill(title);
  if (more.protocol) await dialog.getByTestId('study-protocol-input').fill(more.protocol);
  if (more.pi) await dialog.getByTestId('study-pi-input').fill(more.pi);
  await dialog.getByTestId('study-form-save').click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('study-row').filter({ has: page.getByTestId('study-title').getByText(title, { exact: true }) });
  await expect(row).toHaveAttribute('aria-selected', 'true');
  return (await row.getAttribute('data-container-id'))!;
}

/** "Study details…": on the toolbar in a wide window, in its More menu otherwise. */
export async function openStudyDetails(page: Page): Promise<Locator> {
  const direct = page.getByTestId('open-study-details');
  if (await direct.isVisible()) await direct.click();
  else {
    await page.getByTestId('toolbar-more').click();
    await page.getByTestId('menu-study-details').click();
  }
  const dialog = page.getByTestId('study-details-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}
