// Page steps the journeys share: switching profiles, opening a study, picking a file row,
// choosing a file, saving a download, showing a theme, and the account-level dialogs from the top bar.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { RunningHost } from '../host-fixture.js';
import { callHost } from './host-api.js';

export interface ProfileInfo {
  readonly id: string;
  readonly name: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly roles: readonly string[];
  readonly certificate: {
    readonly subject: string;
    readonly issuer?: string;
    readonly thumbprint: string;
    readonly validFrom?: string;
    readonly validTo: string;
  };
}

export async function switchTo(page: Page, profile: Pick<ProfileInfo, 'id' | 'organizationName'>): Promise<void> {
  await page.getByTestId('profile-switcher').selectOption(profile.id);
  await expect(page.getByTestId('active-organization')).toHaveText(profile.organizationName);
}

export async function openStudy(page: Page, containerId: string): Promise<void> {
  await page.locator(`[data-testid="study-row"][data-container-id="${containerId}"]`).click();
  await expect(page.getByTestId('file-list')).toBeVisible();
}

/** The toolbar's Refresh, waited out: what follows sees the listing main answered, not the one before. */
export async function refreshStudy(page: Page): Promise<void> {
  const refresh = page.getByTestId('refresh');
  await refresh.click();
  await expect(refresh).toHaveText('Refresh');
}

export const fileRow = (page: Page, name: string): Locator => page.getByTestId('file-row').filter({ hasText: name });

/** Clicks the details pane's Save as… and returns the saved bytes. */
export async function savedBytes(page: Page, dir: string, name: string): Promise<Buffer> {
  const downloading: Promise<Download> = page.waitForEvent('download');
  await detailsAction(page, 'save-as');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  const path = join(dir, `${Date.now()}-${name}`);
  await download.saveAs(path);
  return readFile(path);
}

/** Clicks a button that opens a file chooser and picks `path` there (the chooser awaited before the click). */
export async function chooseFile(page: Page, button: Locator, path: string): Promise<void> {
  const choosing = page.waitForEvent('filechooser');
  await button.click();
  await (await choosing).setFiles(path);
}

/** Upload… asks what the chosen files are (issue 35): the journeys that do not care skip it. */
export async function uploadWithoutDescribing(page: Page): Promise<void> {
  const ask = page.getByTestId('upload-describe');
  await ask.getByTestId('upload-describe-skip').click();
  await expect(ask).toHaveCount(0);
}

/** Sets the theme in Settings (through the host) and reloads the page, which then shows it. */
export async function showInTheme(page: Page, host: RunningHost, theme: string): Promise<void> {
  await callHost(host, 'settings.update', { theme });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Opens a top-bar dialog (organizations, admin, activity, settings) and returns it: its button, or its entry in the Menu. */
export async function openChromeDialog(
  page: Page,
  slot: 'organizations' | 'admin' | 'activity' | 'settings',
): Promise<Locator> {
  await clickAction(page, `open-${slot}`, 'chrome-more', `menu-open-${slot}`);
  const dialog = page.getByTestId(`${slot}-dialog`);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The chrome's dialog entries (`open-<slot>`), shown as buttons or folded into its Menu, in order. */
export async function chromeActions(page: Page): Promise<string[]> {
  await settled(page);
  const inline = await page
    .locator('.chrome-menu [data-fold-id]')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.foldId ?? ''));
  const more = page.getByTestId('chrome-more');
  if (!(await more.isVisible())) return inline;
  await more.click();
  const menu = page.getByRole('menu', { name: 'Menu' });
  const folded = await menu
    .getByRole('menuitem')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace(/^menu-/, '')));
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return [...inline, ...folded];
}

/** Closes a dialog with its own Close button (the last button of its actions). */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
}

/** "New study…": the title (and optional fields) in the dialog; the new study opens. Returns its id. */
export async function createStudy(
  page: Page,
  title: string,
  more: { protocol?: string; pi?: string } = {},
): Promise<string> {
  await page.getByTestId('new-study').click();
  const dialog = page.getByTestId('new-study-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('study-title-input').fill(title);
  if (more.protocol) await dialog.getByTestId('study-protocol-input').fill(more.protocol);
  if (more.pi) await dialog.getByTestId('study-pi-input').fill(more.pi);
  await dialog.getByTestId('study-form-save').click();
  await expect(dialog).toHaveCount(0);
  const row = page
    .getByTestId('study-row')
    .filter({ has: page.getByTestId('study-title').getByText(title, { exact: true }) });
  await expect(row).toHaveAttribute('aria-selected', 'true');
  return (await row.getAttribute('data-container-id'))!;
}

/** Two frames: after a resize, the bars have measured again and folded or unfolded their actions. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Clicks an action of a bar that folds what does not fit: its button, or its entry in the bar's More menu. */
async function clickAction(page: Page, button: string, more: string, entry: string): Promise<void> {
  await settled(page);
  const direct = page.getByTestId(button);
  if (await direct.isVisible()) await direct.click();
  else {
    await page.getByTestId(more).click();
    await page.getByTestId(entry).click();
  }
}

/** The file toolbar's actions that fold into its More menu when they do not fit: menu id → button test id. */
export const TOOLBAR_ACTIONS = {
  refresh: 'refresh',
  'new-folder': 'new-folder',
  'study-changes': 'open-study-changes',
  collaborators: 'open-collaborators',
  reload: 'reload',
  'study-details': 'open-study-details',
  distribution: 'open-distribution',
  binder: 'open-binder',
  'export-study': 'open-export-study',
  'toggle-details': 'toggle-details',
} as const;

/** Runs a toolbar action by mouse: its button when it shows, its entry in the More menu when folded. */
export async function toolbarAction(page: Page, id: keyof typeof TOOLBAR_ACTIONS): Promise<void> {
  await clickAction(page, TOOLBAR_ACTIONS[id], 'toolbar-more', `menu-${id}`);
}

/** Runs an action of the details pane: its button when the pane has room, its entry in the pane's "…" menu otherwise. */
export async function detailsAction(page: Page, id: 'open' | 'save-as' | 'manage-access' | 'rename'): Promise<void> {
  await clickAction(page, `details-${id}`, 'details-actions-more', `menu-details-${id}`);
}

/** "Study details…": on the toolbar when it fits, in its More menu otherwise. */
export async function openStudyDetails(page: Page): Promise<Locator> {
  await toolbarAction(page, 'study-details');
  const dialog = page.getByTestId('study-details-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}
