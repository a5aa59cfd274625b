// Journey 4 of issue 17: at 1024×680 the chrome and the toolbar stay one row each, what does not
// fit is in a "More" menu, every toolbar action is reachable by mouse and by keyboard, dialogs fit.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import { createStudy } from './support/app-page.js';

async function oneRow(container: Locator): Promise<void> {
  const box = (await container.boundingBox())!;
  const spans = await container.evaluate((el) =>
    [...el.children]
      .filter((c) => (c as HTMLElement).offsetParent !== null && getComputedStyle(c).position !== 'absolute' && c.getBoundingClientRect().height > 0)
      .map((c) => [c.getBoundingClientRect().top, c.getBoundingClientRect().bottom]),
  );
  // One row: every visible child crosses one horizontal line, and the bar is one control high.
  const lowestTop = Math.max(...spans.map(([top]) => top!));
  const highestBottom = Math.min(...spans.map(([, bottom]) => bottom!));
  expect(lowestTop, JSON.stringify(spans)).toBeLessThan(highestBottom);
  expect(box.height).toBeLessThan(56);
}

async function fitsInWindow(page: Page, dialog: Locator): Promise<void> {
  const box = (await dialog.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(view.width);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height);
}

test('at 1024×680: one-row chrome and toolbar, every action by mouse and keyboard, dialogs fit', async ({ page, host }) => {
  await page.setViewportSize({ width: 1024, height: 680 });
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  await createStudy(page, 'Protocol 2026-114: Sleep and Recovery in Adolescents After Surgery', { pi: 'Dr. Ada Reyes' });
  await oneRow(page.locator('.chrome'));
  await oneRow(page.getByRole('toolbar', { name: 'File actions' }));
  await saveScreenshot(page, 'journey-4-1024');

  // By mouse: the toolbar's More menu holds what did not fit.
  await page.getByTestId('toolbar-more').click();
  await expect(page.getByRole('menu', { name: 'More actions' })).toBeVisible();
  await page.getByTestId('menu-study-details').click();
  const details = page.getByTestId('study-details-dialog');
  await expect(details).toBeVisible();
  await expect(details.getByTestId('study-pi-input')).toHaveValue('Dr. Ada Reyes');
  await fitsInWindow(page, details);
  await page.keyboard.press('Escape');

  // By keyboard: Tab reaches the More button, ArrowDown opens it, arrows move, Enter runs.
  await page.getByTestId('filter-input').focus();
  const more = page.getByTestId('toolbar-more');
  for (let i = 0; i < 10 && !(await more.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(more).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('menu-reload')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('menu-toggle-details')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('details-pane')).toBeVisible();
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByTestId('menu-study-details').press('Enter');
  await expect(details).toBeVisible();
  await page.keyboard.press('Escape');

  // The inline actions by keyboard too: Collaborators… opens and fits.
  await page.getByTestId('open-collaborators').focus();
  await page.keyboard.press('Enter');
  const collaborators = page.getByTestId('collaborators-dialog');
  await expect(collaborators).toBeVisible();
  await fitsInWindow(page, collaborators);
  await page.keyboard.press('Escape');
  for (const id of ['upload-button', 'upload-folder-button', 'refresh', 'filter-input']) await expect(page.getByTestId(id)).toBeVisible();

  // The chrome's menu: Settings… by keyboard, and it fits.
  await page.getByTestId('chrome-more').focus();
  await page.keyboard.press('ArrowDown');
  await page.getByTestId('menu-open-settings').press('Enter');
  const settings = page.getByTestId('settings-dialog');
  await expect(settings).toBeVisible();
  await fitsInWindow(page, settings);
  await saveScreenshot(page, 'journey-4-1024-settings');
});
