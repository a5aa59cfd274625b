// Issue 6's end-to-end journeys through the browser host (the real app on a fresh data folder,
// its embedded sandbox exchange, Debian's Chromium): first run, a folder drop that ends verified
// with byte-identical downloads, a 5,000-item study.
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { formatBytes } from '../renderer/lib/format.js';
import { expect, test } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import { DOCX_TYPE, minimalDocx, minimalPdf } from './support/documents.js';
import { dropFiles, dropPaths } from './support/drop.js';
import { callHost, inParallel } from './support/host-api.js';
import { createStudy, detailsAction } from './support/app-page.js';
import { expectFortyCharactersFit } from './support/layout.js';

async function newStudy(page: Page): Promise<void> {
  await createStudy(page, 'Drop study');
  await expect(page.getByTestId('file-list-empty')).toBeVisible();
}

test('first run: the sandbox is created with two named demo studies, its sIRB profile active', async ({
  page,
  host,
}) => {
  // The README's window size: names of up to 40 characters show whole.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  const chrome = page.getByTestId('active-profile');
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  await expect(page.getByTestId('active-role')).toHaveText('sIRB');
  await expect(page.getByTestId('active-environment')).toHaveText('sandbox');
  await expect(chrome).toBeVisible();
  // The sandbox's demo organizations are all there as profiles, the sIRB's selected.
  const switcher = page.getByTestId('profile-switcher');
  await expect(switcher.locator('option')).not.toHaveCount(0);
  await expect(switcher.locator('option:checked')).toContainText('Sandbox IRB');
  expect(await switcher.locator('option').count()).toBeGreaterThanOrEqual(3);
  // The connection to the sandbox is good.
  await expect(page.getByTestId('connection-indicator')).toHaveClass(/connection-ok/);

  // Journey 1 of issue 17: a working exchange at once — two studies known by their titles.
  await expect(page.getByTestId('study-title')).toHaveText([
    'Protocol 2025-031: Heart Failure Telemonitoring',
    'Protocol 2026-007: Pediatric Asthma Inhaler Adherence',
  ]);
  await page.getByTestId('study-row').first().click();
  await expect(page).toHaveTitle('Protocol 2025-031: Heart Failure Telemonitoring — Study Exchange Desktop');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Protocol 2025-031: Heart Failure Telemonitoring');
  const rows = page.getByTestId('file-row');
  await expect(rows.locator('.name-text')).toHaveText(['Consent forms', 'Protocol', 'Site documents']);
  await expect(rows.getByTestId('type-cell')).toHaveText(['Folder', 'Folder', 'Folder']);
  await rows.filter({ hasText: 'Protocol' }).dblclick();
  await expect(rows.getByTestId('type-cell')).toHaveText(['Word document', 'PDF document']);
  await page.getByTestId('breadcrumbs').getByRole('button').first().click();
  await rows.filter({ hasText: 'Site documents' }).dblclick();
  await rows.filter({ hasText: 'Riverside Medical Center' }).dblclick();
  // the site's binder documents by their type's name, the delegation log, the site's enrolment report
  // the sIRB has not seen yet (New), its activation record
  const typeOf = (name: string) => rows.filter({ hasText: name }).getByTestId('type-cell');
  await expect(typeOf('delegation-log.xlsx')).toHaveText('Excel spreadsheet');
  await expect(typeOf('enrolment-report-march-2026.pdf')).toHaveText('PDF document');
  await expect(typeOf('gcp-training')).toHaveText('GCP training certificate');
  await expect(page.getByTestId('new-study')).toBeEnabled();
  await saveScreenshot(page, 'journey-1-first-run');

  // A 40-character name shows whole in the Name column (its text is not cut).
  await page.getByTestId('breadcrumbs').getByRole('button').first().click();
  await rows.filter({ hasText: 'Consent forms' }).dblclick();
  await rows.filter({ hasText: 'informed-consent-v3.pdf' }).click();
  // Beside the details pane, open by default at this size.
  await expect(page.getByTestId('details-name')).toHaveText('informed-consent-v3.pdf');
  await expectFortyCharactersFit(rows.filter({ hasText: 'informed-consent-v3.pdf' }).locator('.name-text'));
  // The README's picture (copied to docs/file-browser.png by hand, so test runs leave the tree clean).
  const dismiss = page.getByTestId('toast').getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  await saveScreenshot(page, 'readme-file-browser');
});

test('the sIRB drops a folder with a PDF and a DOCX: a new folder, both verified, header fields shown, downloads byte-identical', async ({
  page,
  host,
}) => {
  const desktop = await mkdtemp(join(tmpdir(), 'e2e-desktop-'));
  try {
    const pdf = minimalPdf('Informed consent form, version 3');
    const docx = minimalDocx('Study protocol amendment 2');
    const letter = minimalPdf('Letter to the site');
    const folder = join(desktop, 'Site documents');
    await mkdir(folder);
    await writeFile(join(folder, 'consent-form.pdf'), pdf);
    await writeFile(join(folder, 'protocol.docx'), docx);

    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    await newStudy(page);

    // A real desktop drop of a folder onto the list: it lands as a new folder with its files.
    await dropPaths(page, page.getByTestId('file-list'), [folder]);
    const completed = page.getByTestId('transfers-tab-completed');
    await expect(completed).toHaveText(/Completed \(2\)/, { timeout: 30_000 });
    const folderRow = page.getByTestId('file-row').filter({ hasText: 'Site documents' });
    await expect(folderRow).toHaveAttribute('data-kind', 'folder');
    await expect(page.locator('[data-testid="folder-tree-item"][data-tree-path="Site documents"]')).toBeVisible();

    // A file dragged onto the (new) folder's row: the row lights up and the file lands inside.
    const { highlighted } = await dropFiles(folderRow, [
      { name: 'site-letter.pdf', mimeType: 'application/pdf', bytes: letter },
    ]);
    expect(highlighted).toBe(true);
    await expect(completed).toHaveText(/Completed \(3\)/, { timeout: 30_000 });

    await completed.click();
    const rows = page.getByTestId('transfer-row');
    for (const name of ['consent-form.pdf', 'protocol.docx', 'site-letter.pdf']) {
      await expect(rows.filter({ hasText: name }).getByTestId('transfer-state')).toHaveText('verified');
    }

    await folderRow.dblclick();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Site documents');
    const expected = [
      { name: 'consent-form.pdf', bytes: pdf, type: 'application/pdf', words: 'PDF document' },
      { name: 'protocol.docx', bytes: docx, type: DOCX_TYPE, words: 'Word document' },
      { name: 'site-letter.pdf', bytes: letter, type: 'application/pdf', words: 'PDF document' },
    ];
    await expect(page.getByTestId('file-row')).toHaveCount(expected.length);
    for (const doc of expected) {
      const row = page.getByTestId('file-row').filter({ hasText: doc.name });
      await expect(row).toHaveAttribute('data-kind', 'item');
      await row.click();
      await expect(row).toHaveAttribute('aria-selected', 'true');
      // The name once, the type in words (in the list too); the media type under More.
      await expect(page.getByTestId('details-name')).toHaveText(doc.name);
      await expect(page.getByTestId('detail-type')).toHaveText(doc.words);
      await expect(row.getByTestId('type-cell')).toHaveText(doc.words);
      const more = page.getByTestId('details-more');
      if (!(await more.evaluate((d) => (d as HTMLDetailsElement).open))) await more.locator('summary').click();
      await expect(page.getByTestId('detail-media-type')).toHaveText(doc.type);
      await expect(page.getByTestId('detail-size')).toHaveText(formatBytes(doc.bytes.length));
      await expect(page.getByTestId('detail-access')).toContainText('Sandbox IRB');

      const downloading = page.waitForEvent('download');
      await detailsAction(page, 'save-as');
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(doc.name);
      const saved = join(desktop, `downloaded-${doc.name}`);
      await download.saveAs(saved);
      expect((await readFile(saved)).equals(doc.bytes)).toBe(true);
    }
    await page.getByTestId('file-row').filter({ hasText: 'consent-form.pdf' }).click();
    await saveScreenshot(page, 'journey-2-folder-drop');
  } finally {
    await rm(desktop, { recursive: true, force: true });
  }
});

const ITEM_COUNT = 5_000;
const visitName = (n: number): string => `visit-${String(n).padStart(4, '0')}`;

test('a study with 5,000 items opens, filters, scrolls a windowed list, and the keyboard moves the selection', async ({
  page,
  host,
}) => {
  // Setup through the app's own core (the host's operations, as the sIRB): one study, 5,000 records.
  const study = await callHost<{ id: string }>(host, 'containers.create', { title: 'A study of 5,000 items' });
  const numbers = Array.from({ length: ITEM_COUNT }, (_, n) => n);
  await inParallel(numbers, 8, (n) =>
    callHost(host, 'items.writeRecord', {
      containerId: study.id,
      itemPath: visitName(n),
      header: { type: 'visit-report', version: '1' },
      content: { site: `Site ${n % 7}`, visit: n, outcome: n % 2 ? 'completed' : 'scheduled' },
    }),
  );

  await page.goto(host.url);
  await page.locator(`[data-testid="study-row"][data-container-id="${study.id}"]`).click();
  const list = page.getByTestId('file-list');
  const rows = page.getByTestId('file-row');
  const row = (n: number) => page.locator(`[data-testid="file-row"][data-path="${visitName(n)}"]`);
  await expect(list).toHaveAttribute('aria-rowcount', String(ITEM_COUNT + 1), { timeout: 30_000 });
  await expect(row(0)).toBeVisible();
  // Windowed: only the rows in view (plus a margin) are in the DOM.
  const inDom = await rows.count();
  expect(inDom).toBeGreaterThan(5);
  expect(inDom).toBeLessThan(200);
  await saveScreenshot(page, 'journey-3-5000-items');

  // Scrolling to the middle brings the middle rows in and drops the first ones.
  const viewport = list;
  await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expect(row(2500)).toBeAttached();
  await expect(row(0)).not.toBeAttached();
  expect(await rows.count()).toBeLessThan(200);
  await viewport.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(row(ITEM_COUNT - 1)).toBeVisible();

  // Filter as you type narrows the list.
  const filter = page.getByTestId('filter-input');
  await filter.fill('visit-42');
  await expect(list).toHaveAttribute('aria-rowcount', String(100 + 1));
  await filter.pressSequentially('17');
  await expect(list).toHaveAttribute('aria-rowcount', '2');
  await expect(rows).toHaveCount(1);
  await expect(row(4217)).toBeVisible();
  await filter.fill('');
  await expect(list).toHaveAttribute('aria-rowcount', String(ITEM_COUNT + 1));

  // Keyboard navigation moves the selection (aria-selected), scrolling the focused row into view.
  await list.focus();
  await list.press('Home');
  await expect(row(0)).toHaveAttribute('aria-selected', 'true');
  await list.press('ArrowDown');
  await expect(row(1)).toHaveAttribute('aria-selected', 'true');
  await expect(row(0)).toHaveAttribute('aria-selected', 'false');
  await list.press('End');
  await expect(row(ITEM_COUNT - 1)).toHaveAttribute('aria-selected', 'true');
  await expect(row(ITEM_COUNT - 1)).toBeInViewport();
  await expect(row(1)).not.toBeAttached();
  await list.press('ArrowUp');
  await expect(row(ITEM_COUNT - 2)).toHaveAttribute('aria-selected', 'true');
  await expect(row(ITEM_COUNT - 1)).toHaveAttribute('aria-selected', 'false');
  await expect(page.locator('[data-testid="file-row"][aria-selected="true"]')).toHaveCount(1);
  // The selected record opens readably in the details pane, not as raw JSON.
  await expect(page.getByTestId('record-view')).toContainText('Site');
  await list.press('Home');
  await expect(row(0)).toHaveAttribute('aria-selected', 'true');
  await expect(row(0)).toBeInViewport();
  await saveScreenshot(page, 'journey-3-5000-items-keyboard');
});
