// Journey 4 of issue 17 and the window sizes the issue names: at 1024×680 and 1280×800, light and
// dark, the chrome and the toolbar stay one row with nothing outside them, actions that do not fit
// are in a "More" menu (measured, folding from the end), every toolbar action is reachable by mouse
// and by keyboard, the list's columns fit its width, breadcrumbs fold their middle before the
// current folder's name is cut, and dialogs fit (the rest of the dialogs: narrow-dialogs.spec.ts).
import type { Locator, Page } from '@playwright/test';
import { expect, test, type RunningHost } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import { TOOLBAR_ACTIONS, createStudy, toolbarAction, uploadWithoutDescribing } from './support/app-page.js';
import { isBlocking, report, scanState, type ScanFinding } from './support/axe.js';
import { callHost } from './support/host-api.js';
import { minimalPdf } from './support/documents.js';
import {
  expectFortyCharactersFit,
  expectNothingClipped,
  expectOneRowInside,
  expectTextWhole,
  fitsInWindow,
} from './support/layout.js';

const HEART_FAILURE = 'Protocol 2025-031: Heart Failure Telemonitoring';

const focusedTestId = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** The entries of a More menu, read by keyboard: ArrowDown opens it, each ArrowDown moves on. */
async function menuByKeyboard(page: Page, more: Locator): Promise<string[]> {
  await more.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const count = await menu.getByRole('menuitem').count();
  const seen: string[] = [];
  for (let i = 0; i < count; i++) {
    seen.push((await focusedTestId(page)) ?? '');
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return seen;
}

/** Runs a menu entry by keyboard: opens the menu with ArrowDown, moves to the entry, Enter. */
async function runFromMenuByKeyboard(page: Page, more: Locator, entry: string): Promise<void> {
  await more.focus();
  await page.keyboard.press('ArrowDown');
  for (let i = 0; i < 10 && (await focusedTestId(page)) !== entry; i++) await page.keyboard.press('ArrowDown');
  expect(await focusedTestId(page)).toBe(entry);
  await page.keyboard.press('Enter');
}

async function openSiteFolder(page: Page): Promise<void> {
  await page.getByTestId('study-row').filter({ hasText: HEART_FAILURE }).click();
  const root = page.getByTestId('breadcrumbs').locator('li.crumb-root button');
  if (await root.isVisible()) await root.click();
  const rows = page.getByTestId('file-row');
  await rows.filter({ hasText: 'Site documents' }).dblclick();
  await rows.filter({ hasText: 'Riverside Medical Center' }).dblclick();
  await expect(page.getByTestId('breadcrumbs').locator('[aria-current="page"]')).toHaveText('Riverside Medical Center');
}

async function inTheme(page: Page, host: RunningHost, theme: 'light' | 'dark'): Promise<void> {
  await callHost(host, 'settings.update', { theme });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
}

test('at 1024×680: one-row chrome and toolbar, every action by mouse and keyboard, columns and breadcrumbs fit, dialogs fit', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1024, height: 680 });
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  await createStudy(page, 'Protocol 2026-114: Sleep and Recovery in Adolescents After Surgery', {
    pi: 'Dr. Ada Reyes',
  });
  await expectNothingClipped(page);
  await saveScreenshot(page, 'journey-4-1024');

  // Every toolbar action is a button or an entry of More, in the bar's order, folded from the end.
  const all = Object.keys(TOOLBAR_ACTIONS) as (keyof typeof TOOLBAR_ACTIONS)[];
  const inline: (keyof typeof TOOLBAR_ACTIONS)[] = [];
  for (const id of all) if (await page.getByTestId(TOOLBAR_ACTIONS[id]).isVisible()) inline.push(id);
  const more = page.getByTestId('toolbar-more');
  const folded = (await more.isVisible()) ? await menuByKeyboard(page, more) : [];
  expect(folded.length, 'at 1024 px some actions fold into More').toBeGreaterThan(0);
  expect([...inline, ...folded.map((f) => f.replace(/^menu-/, ''))]).toEqual(all);

  // By keyboard: Tab from the filter reaches every inline action and then More.
  await page.getByTestId('filter-input').focus();
  const tabbed: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const id = await focusedTestId(page);
    if (!id) break;
    tabbed.push(id);
    if (id === 'toolbar-more') break;
  }
  for (const id of inline) expect(tabbed).toContain(TOOLBAR_ACTIONS[id]);
  expect(tabbed.at(-1)).toBe('toolbar-more');

  // A folded action by keyboard (Study details…), and by mouse; the dialog fits.
  const details = page.getByTestId('study-details-dialog');
  await runFromMenuByKeyboard(page, more, 'menu-study-details');
  await expect(details).toBeVisible();
  await expect(details.getByTestId('study-pi-input')).toHaveValue('Dr. Ada Reyes');
  await fitsInWindow(page, details);
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(more).toBeFocused();
  await more.click();
  await expect(page.getByRole('menu', { name: 'More actions' })).toBeVisible();
  await page.getByTestId('menu-toggle-details').click();
  await expect(page.getByTestId('details-pane')).toBeVisible();
  await expectNothingClipped(page);
  await toolbarAction(page, 'toggle-details');
  await expect(page.getByTestId('details-pane')).toHaveCount(0);

  // Collaborators… (inline or folded) by keyboard, and it fits.
  if (inline.includes('collaborators')) {
    await page.getByTestId('open-collaborators').focus();
    await page.keyboard.press('Enter');
  } else await runFromMenuByKeyboard(page, more, 'menu-collaborators');
  const collaborators = page.getByTestId('collaborators-dialog');
  await expect(collaborators).toBeVisible();
  await fitsInWindow(page, collaborators);
  await page.keyboard.press('Escape');
  for (const id of ['upload-button', 'upload-folder-button', 'filter-input'])
    await expect(page.getByTestId(id)).toBeVisible();

  // The chrome: Settings… by keyboard (a button, or an entry of its Menu), and it fits.
  const chromeMore = page.getByTestId('chrome-more');
  if (await chromeMore.isVisible()) await runFromMenuByKeyboard(page, chromeMore, 'menu-open-settings');
  else {
    await page.getByTestId('open-settings').focus();
    await page.keyboard.press('Enter');
  }
  const settings = page.getByTestId('settings-dialog');
  await expect(settings).toBeVisible();
  await fitsInWindow(page, settings);
  await saveScreenshot(page, 'journey-4-1024-settings');
  await page.keyboard.press('Escape');

  // A folder two levels down: the current folder's name whole, the study's title kept as tooltip;
  // the middle folder is folded into the "…" menu and opens from there.
  const findings: ScanFinding[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await inTheme(page, host, theme);
    await openSiteFolder(page);
    const crumbs = page.getByTestId('breadcrumbs');
    const current = crumbs.locator('li.crumb-current');
    await expectTextWhole(current);
    await expect(crumbs.locator('li.crumb-root')).toHaveAttribute('title', HEART_FAILURE);
    await expectNothingClipped(page);
    // The Type column's words whole where the list has room beside Name's 40 characters
    await expectTextWhole(
      page.getByTestId('file-row').filter({ hasText: 'delegation-log.xlsx' }).getByTestId('type-cell'),
    );
    // and its width handle moves from the width shown, not the narrower default
    const typeHandle = page.getByTestId('resize-type');
    const fitted = Number(await typeHandle.getAttribute('aria-valuenow'));
    expect(fitted).toBeGreaterThan(136);
    await typeHandle.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(typeHandle).toHaveAttribute('aria-valuenow', String(fitted - 10));
    await page.keyboard.press('ArrowRight');
    await expect(typeHandle).toHaveAttribute('aria-valuenow', String(fitted));
    await page.getByTestId('file-row').first().click();
    await saveScreenshot(page, `layout-1024-${theme}`);
    findings.push(...(await scanState(page, `${theme}: 1024, two folders down`)));
    // Folded: the middle folder is in the "…" menu (axe-scanned) and opens from there.
    const fold = page.getByTestId('breadcrumbs-more');
    await expect(fold).toBeVisible();
    await fold.click();
    await expect(page.getByRole('menu', { name: 'Folders above this one' })).toBeVisible();
    findings.push(...(await scanState(page, `${theme}: 1024, breadcrumbs' folded folders`)));
    await page.getByTestId('menu-crumb-Site documents').click();
    await expect(page.getByTestId('breadcrumbs').locator('[aria-current="page"]')).toHaveText('Site documents');
  }
  expect(findings.filter(isBlocking), report(findings, 4)).toEqual([]);
});

test('at 1280×800: the details pane open by default beside whole 40-character names, nothing clipped, light and dark', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  const findings: ScanFinding[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await inTheme(page, host, theme);
    await page.getByTestId('study-row').filter({ hasText: HEART_FAILURE }).click();
    await page.getByTestId('file-row').filter({ hasText: 'Consent forms' }).dblclick();
    const row = page.getByTestId('file-row').filter({ hasText: 'informed-consent-v3.pdf' });
    await row.click();
    await expect(page.getByTestId('details-pane')).toBeVisible();
    await expect(page.getByTestId('details-name')).toHaveText('informed-consent-v3.pdf');
    await expectFortyCharactersFit(row.locator('.name-text'));
    await expectNothingClipped(page);
    await expectTextWhole(page.getByTestId('breadcrumbs').locator('li.crumb-current'));
    // The study's title whole too: at this width actions fold into More before it shrinks.
    await expectTextWhole(page.getByTestId('breadcrumbs').locator('li.crumb-root'));
    // The words of the Type column still show beside the pane; Owner and Shared are in the pane.
    await expect(row.getByTestId('type-cell')).toHaveText('PDF document');
    await saveScreenshot(page, `layout-1280-${theme}`);
    // The pane's "…" holds what did not fit beside Open and Manage access… (axe-scanned).
    await expect(page.getByTestId('details-manage-access')).toBeVisible();
    await page.getByTestId('details-actions-more').click();
    await expect(page.getByRole('menu', { name: 'More actions for this item' })).toBeVisible();
    await expect(page.getByTestId('menu-details-save-as')).toBeVisible();
    findings.push(...(await scanState(page, `${theme}: 1280, the details pane's menu`)));
    await page.keyboard.press('Escape');
    await openSiteFolder(page);
    await expectNothingClipped(page);
    await expect(page.getByTestId('breadcrumbs').locator('li.crumb-current')).toHaveText('Riverside Medical Center');
    await expectTextWhole(page.getByTestId('breadcrumbs').locator('li.crumb-current'));
    await expectTextWhole(
      page.getByTestId('file-row').filter({ hasText: 'delegation-log.xlsx' }).getByTestId('type-cell'),
    );
    await saveScreenshot(page, `layout-1280-site-${theme}`);
  }
  expect(findings.filter(isBlocking), report(findings, 2)).toEqual([]);
});

test('at 1024×680: the folder tree widens by keyboard and by dragging its edge until a long folder name shows whole, and keeps its width after a reload', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1024, height: 680 });
  await page.goto(host.url);
  await openSiteFolder(page);
  const label = page.getByTestId('folder-tree').locator('.tree-label', { hasText: 'Riverside Medical Center' });
  const cut = await label.evaluate((e) => e.scrollWidth > e.clientWidth);
  expect(cut, 'the folder name is cut at the default width').toBe(true);
  const handle = page.getByTestId('resize-tree');
  const pane = page.locator('.tree-pane');
  const before = (await pane.boundingBox())!.width;
  await handle.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(async () => (await pane.boundingBox())!.width).toBeCloseTo(before + 50, 0);
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + 100, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await pane.boundingBox())!.width).toBeCloseTo(before + 90, 0);
  await expectTextWhole(label);
  await expectNothingClipped(page);
  await page.reload();
  await openSiteFolder(page);
  await expect.poll(async () => (await page.locator('.tree-pane').boundingBox())!.width).toBeCloseTo(before + 90, 0);
  await expectTextWhole(
    page.getByTestId('folder-tree').locator('.tree-label', { hasText: 'Riverside Medical Center' }),
  );
});

test('while nothing moves the transfers panel is a one-line status bar, opened by keyboard, and folded again after an upload', async ({
  page,
  host,
}) => {
  for (const size of [
    { width: 1024, height: 680 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    const panel = page.getByTestId('transfers-panel');
    await expect(panel).toHaveClass(/collapsed/);
    expect((await panel.boundingBox())!.height, 'the idle panel is one line').toBeLessThan(44);
    await expectOneRowInside(panel.locator('.transfers-head'));
    await saveScreenshot(page, `transfers-idle-${size.width}`);
    // The status bar's tabs and its Show are in the Tab order.
    await page.getByTestId('transfers-tab-active').focus();
    await page.keyboard.press('Tab');
    const toggle = page.getByTestId('transfers-toggle');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('tabpanel', { name: /Active/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(panel).toHaveClass(/collapsed/);
  }
  await createStudy(page, 'Protocol 2026-120: Transfers status bar');
  const panel = page.getByTestId('transfers-panel');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'site-letter.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Letter') });
  await uploadWithoutDescribing(page);
  await expect(page.getByTestId('transfers-tab-completed')).toHaveText(/Completed \(1\)/, { timeout: 30_000 });
  await expect(panel).toHaveClass(/collapsed/);
  expect((await panel.boundingBox())!.height).toBeLessThan(44);
});

test('at 1024×680 with the details pane closed, the selection’s Open, Save as… and Manage access… are on the toolbar, by keyboard, light and dark', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1024, height: 680 });
  await page.goto(host.url);
  const findings: ScanFinding[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await inTheme(page, host, theme);
    await page.getByTestId('study-row').filter({ hasText: HEART_FAILURE }).click();
    await expect(page.getByTestId('details-pane')).toHaveCount(0);
    await expect(page.getByTestId('selection-open')).toHaveCount(0);
    await page.getByTestId('file-row').filter({ hasText: 'Consent forms' }).dblclick();
    await page.getByTestId('file-row').filter({ hasText: 'informed-consent-v3.pdf' }).click();
    // First in the bar: Open inline and whole; what does not fit is first in More, in order.
    const actions = ['selection-open', 'selection-save-as', 'selection-manage-access'];
    await expectTextWhole(page.getByTestId('selection-open'));
    await expectNothingClipped(page);
    await saveScreenshot(page, `selection-toolbar-1024-${theme}`);
    findings.push(...(await scanState(page, `${theme}: 1024, a file selected, the pane closed`)));
    const inline: string[] = [];
    for (const id of actions) if (await page.getByTestId(id).isVisible()) inline.push(id);
    const more = page.getByTestId('toolbar-more');
    const folded = (await menuByKeyboard(page, more)).map((f) => f.replace(/^menu-/, ''));
    expect([...inline, ...folded.slice(0, actions.length - inline.length)]).toEqual(actions);
    // By keyboard: Tab from the filter reaches the inline ones, then Manage access… runs by keyboard.
    await page.getByTestId('filter-input').focus();
    const tabbed: string[] = [];
    for (let i = 0; i < 8 && tabbed.at(-1) !== 'toolbar-more'; i++) {
      await page.keyboard.press('Tab');
      tabbed.push((await focusedTestId(page)) ?? '');
    }
    expect(tabbed.filter((id) => actions.includes(id))).toEqual(inline);
    if (inline.includes('selection-manage-access')) {
      await page.getByTestId('selection-manage-access').focus();
      await page.keyboard.press('Enter');
    } else await runFromMenuByKeyboard(page, more, 'menu-selection-manage-access');
    const dialog = page.getByTestId('manage-access-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('informed-consent-v3.pdf');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // With the pane shown, the pane has them and the toolbar does not.
    await toolbarAction(page, 'toggle-details');
    await expect(page.getByTestId('details-pane')).toBeVisible();
    await expect(page.getByTestId('selection-open')).toHaveCount(0);
    await toolbarAction(page, 'toggle-details');
  }
  expect(findings.filter(isBlocking), report(findings, 2)).toEqual([]);
});

test('at 1280×800 the folder tree is as wide as its folders’ names where the list can spare it: whole beside the list, narrower beside the details pane', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await openSiteFolder(page);
  const label = page.getByTestId('folder-tree').locator('.tree-label', { hasText: 'Riverside Medical Center' });
  // Beside the details pane the list keeps whole names and its Type column (the test above).
  await expect(page.getByTestId('details-pane')).toBeVisible();
  const besidePane = (await page.locator('.tree-pane').boundingBox())!.width;
  await toolbarAction(page, 'toggle-details');
  await expect(page.getByTestId('details-pane')).toHaveCount(0);
  await expect.poll(async () => (await page.locator('.tree-pane').boundingBox())!.width).toBeGreaterThan(besidePane);
  await expectTextWhole(label);
  // The list keeps 40-character names and no column is cut (Owner and Shared may give way).
  await expectNothingClipped(page);
  await expectFortyCharactersFit(page.getByTestId('file-row').first().locator('.name-text'));
  await saveScreenshot(page, 'tree-fitted-1280');
});
