// Issue 28, what's new: Riverside (another organization, its own session against the same
// exchange) uploads documents into the sIRB's study; the sIRB's window shows them New on the
// study, its folders and the rows; opening one clears it, Mark as seen clears a folder and a
// study; Changes lists them and choosing one reveals it in the browser. The New row and Changes
// pass axe in both themes and fit at 1280 and 1024 px. A fake `xdg-open` first on PATH stands in
// for the system opener.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { newDocumentPath, uploadDocument } from '../electron/services/transfers/document-upload.js';
import { expect, test, type RunningHost } from './host-fixture.js';
import { fileRow, openStudy, settled, toolbarAction, type ProfileInfo } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, StateScans } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { callHost } from './support/host-api.js';
import { openerCalls } from './support/opener.js';
import { sessionFromHostData } from './support/organization-session.js';
import { sirbWithStudy, type SirbStudy } from './support/sirb-study.js';

test.describe.configure({ mode: 'serial' });

const TITLE = 'Whats new study';
let study: SirbStudy | undefined;
let work: string;
let host: RunningHost;
let page: Page;
let sirb: ProfileInfo;
let site: ProfileInfo;
let containerId: string;

/** Riverside uploads a PDF into `folder` and shares it with the sIRB; answers its item path. */
async function riversideUploads(folder: string, fileName: string): Promise<string> {
  const file = join(work, fileName);
  await writeFile(file, minimalPdf(`Riverside: ${fileName}`));
  const riverside = await sessionFromHostData(
    host.dataDir,
    (p) => p.organizationId === site.organizationId,
    'e2e-riverside/1',
  );
  try {
    const path = newDocumentPath(folder);
    await uploadDocument({
      client: riverside.client,
      containerId,
      path,
      file,
      mediaType: 'application/pdf',
      wrapForSelf: riverside.keys.wrapForSelf,
    });
    await riverside.sharing.grant(containerId, path, sirb.organizationId);
    return path;
  } finally {
    riverside.close();
  }
}

/** The sIRB's Refresh: main's shared refresh lists the study now (instead of at its next interval). */
async function refresh(): Promise<void> {
  await toolbarAction(page, 'refresh');
  await expect(page.getByTestId('refresh')).toHaveText('Refresh');
}

const studyRow = () => page.locator(`[data-testid="study-row"][data-container-id="${containerId}"]`);
const treeItem = (path: string) => page.locator(`[data-testid="folder-tree-item"][data-tree-path="${path}"]`);
/** Opens a folder from the tree: its own label (the item's box holds its subfolders too). */
const openFolder = (path: string) => treeItem(path).locator(':scope > .tree-label').click();
/** A bar's action: its button, or its entry in the bar's More menu when folded. */
async function clickOrFromMore(button: string, more: string, entry: string): Promise<void> {
  await settled(page);
  if (await page.getByTestId(button).isVisible()) await page.getByTestId(button).click();
  else {
    await page.getByTestId(more).click();
    await page.getByTestId(entry).click();
  }
}

/** The chrome's Changes (never folded into its Menu). */
async function openChanges(): Promise<void> {
  await page.getByTestId('open-changes').click();
  await expect(page.getByTestId('changes-view')).toBeVisible();
}
const changeEntry = (name: string) => page.getByTestId('change-entry').filter({ hasText: name });

test.beforeAll(async ({ browser }) => {
  let profiles: readonly ProfileInfo[];
  study = await sirbWithStudy(browser, {
    prefix: 'e2e-whats-new-',
    viewport: { width: 1280, height: 800 },
    title: TITLE,
    collaborators: ['Riverside Medical Center'],
  });
  ({ work, host, page, profiles, sirb, containerId } = study);
  site = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
});

test.afterAll(() => study?.close());

test('Riverside’s document is New on the study, its folder and its row; Changes reveals it; opening clears it', async () => {
  await page.goto(host.url);
  await openStudy(page, containerId);
  await refresh(); // the sIRB's first listing of the study: nothing in it is New
  await expect(studyRow().getByTestId('study-new-count')).toHaveCount(0);

  await riversideUploads('site-reports', 'monitoring-visit.pdf');
  await refresh();
  await expect(studyRow().getByTestId('study-new-count')).toHaveText('1 new');
  await expect(treeItem('')).toHaveAttribute('data-new', 'true');
  await expect(treeItem('site-reports')).toHaveAttribute('data-new', 'true');
  await expect(page.getByRole('treeitem', { name: 'site-reports (has new items)' })).toBeVisible();
  await expect(page.getByTestId('open-changes')).toHaveAccessibleName(/^Changes \d+ new$/);

  await fileRow(page, 'site-reports').dblclick();
  const row = fileRow(page, 'monitoring-visit.pdf');
  await expect(row).toHaveAttribute('data-new', 'true');
  await expect(row.getByTestId('row-new')).toHaveText('New');
  await expect(row.getByRole('gridcell', { name: /^New: monitoring-visit\.pdf/ })).toBeVisible();
  expect(await row.locator('.name-text').evaluate((e) => getComputedStyle(e).fontWeight)).toBe('700');

  // Changes, from the chrome: who, what, where; the sIRB's own study is not among what others did
  await openFolder('');
  await openChanges();
  const changes = page.getByTestId('changes-view');
  const entry = changeEntry('monitoring-visit.pdf');
  await expect(entry).toContainText('New');
  await expect(entry).toContainText('added');
  await expect(entry).toContainText('by Riverside Medical Center');
  await expect(entry).toContainText(`${TITLE} › site-reports`);
  // by keyboard: the dialog starts on the newest entry it had when it opened (one noticed while it
  // is open lands above without taking the focus); Home moves to the top, Enter reveals
  await expect(changes.locator('.change-entry:focus')).toHaveCount(1);
  await page.keyboard.press('Home');
  await expect(entry).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(changes).toHaveCount(0);
  await expect(treeItem('site-reports')).toHaveAttribute('aria-selected', 'true');
  await expect(row).toHaveAttribute('aria-selected', 'true');

  // opening the row (Enter on the list) is seeing it
  await page.getByTestId('file-list').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => openerCalls(join(work, 'opener.log'))).toHaveLength(1);
  await expect(row).not.toHaveAttribute('data-new', 'true');
  await expect(studyRow().getByTestId('study-new-count')).toHaveCount(0);
  await expect(treeItem('site-reports')).not.toHaveAttribute('data-new', 'true');

  // the study's own Changes still lists it, no longer New
  await toolbarAction(page, 'study-changes');
  await expect(page.getByRole('dialog', { name: `Changes in ${TITLE}` })).toBeVisible();
  await expect(changeEntry('monitoring-visit.pdf')).not.toContainText('New');
  await page.keyboard.press('Escape');
});

test('Mark as seen clears a folder’s items, then the whole study’s', async () => {
  await riversideUploads('site-reports/visit-2', 'visit-2-report.pdf');
  await riversideUploads('approvals', 'site-approval.pdf');
  await refresh();
  await expect(studyRow().getByTestId('study-new-count')).toHaveText('2 new');
  await openFolder('');
  await fileRow(page, 'site-reports').dblclick();
  await expect(fileRow(page, 'visit-2')).toHaveAttribute('data-new', 'true');
  await clickOrFromMore('mark-seen', 'toolbar-more', 'menu-mark-seen'); // shown only while the folder holds New items
  await expect(studyRow().getByTestId('study-new-count')).toHaveText('1 new');
  await expect(treeItem('site-reports')).not.toHaveAttribute('data-new', 'true');
  await expect(treeItem('approvals')).toHaveAttribute('data-new', 'true');

  // the study's menu, by keyboard
  await studyRow().focus();
  await page.keyboard.press('Shift+F10');
  await page.getByRole('menu', { name: 'Study' }).getByRole('menuitem', { name: 'Mark as seen' }).press('Enter');
  await expect(studyRow().getByTestId('study-new-count')).toHaveCount(0);
  await expect(treeItem('approvals')).not.toHaveAttribute('data-new', 'true');
});

test('a New row and Changes: no serious or critical axe violation in either theme; they fit at 1280 and 1024', async () => {
  await riversideUploads('site-reports', 'closeout-letter.pdf');
  await refresh();
  await expect(studyRow().getByTestId('study-new-count')).toHaveText('1 new');
  const scans = new StateScans(page);
  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    await callHost(host, 'settings.update', { theme });
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: width === 1024 ? 680 : 800 });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await openStudy(page, containerId);
      await fileRow(page, 'site-reports').dblclick();
      await expect(fileRow(page, 'closeout-letter.pdf')).toHaveAttribute('data-new', 'true');
      await settled(page);
      // the bar keeps Changes and its Menu whole
      for (const id of ['open-changes', 'chrome-more'])
        expect(
          (await page.getByTestId(id).boundingBox())!.x + (await page.getByTestId(id).boundingBox())!.width,
        ).toBeLessThanOrEqual(width);
      if (width === 1280) await scans.scan('New row');
      await saveScreenshot(page, `whats-new-row-${theme}-${width}`);

      await openChanges();
      const changes = page.getByTestId('changes-view');
      await expect(changeEntry('closeout-letter.pdf')).toContainText('New');
      // the view fits the window: nothing cut
      const box = (await changes.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(width === 1024 ? 680 : 800);
      if (width === 1280) await scans.scan('Changes');
      await saveScreenshot(page, `whats-new-changes-${theme}-${width}`);
      await page.keyboard.press('Escape');
      await expect(changes).toHaveCount(0);
    }
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
});
