// Issue 17's drop states: files dragged anywhere over the window (a synthetic DataTransfer drag, as
// Chromium's page sees a desktop drag) highlight and name where they would go (the current folder,
// or the folder row or tree item under the pointer); dropped outside the list they upload to the
// current folder; with no study open the window says so and a drop does nothing. A file dropped
// on a dialog anywhere but its file input is refused, so the tab never navigates to it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import { minimalPdf } from './support/documents.js';
import { dragOver, dropPaths, pageTransfer } from './support/drop.js';

const HEART_FAILURE = 'Protocol 2025-031: Heart Failure Telemonitoring';

test('a drag over the chrome or the details pane names its target; a drop there uploads to the current folder', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  const hint = page.getByTestId('drop-hint');
  const chrome = page.locator('.chrome');
  const letter = await pageTransfer(page, [
    { name: 'window-drop-letter.pdf', mimeType: 'application/pdf', bytes: minimalPdf('Window drop') },
  ]);

  // No study open: the window says so, and a drop uploads nothing (and does not open the file).
  await dragOver(chrome, letter);
  await expect(hint).toContainText('No study is open');
  await saveScreenshot(page, 'drop-no-study');
  await chrome.dispatchEvent('drop', { dataTransfer: letter });
  await expect(hint).toHaveCount(0);
  await expect(page.getByTestId('transfers-tab-completed')).toHaveText(/Completed \(0\)/);
  expect(page.url()).toContain('127.0.0.1');

  // A study open at its root: over the chrome the study itself is the target.
  await page.getByTestId('study-row').filter({ hasText: HEART_FAILURE }).click();
  await expect(page.getByTestId('file-row').first()).toBeVisible();
  await dragOver(chrome, letter);
  await expect(hint).toHaveText(`Drop to upload to “${HEART_FAILURE}”`);
  await expect(page.getByTestId('file-drop-zone')).toHaveClass(/drop-active/);
  // Over a folder row, and over a folder of the tree: that folder, highlighted.
  const protocolRow = page.getByTestId('file-row').filter({ hasText: 'Protocol' });
  await dragOver(protocolRow, letter);
  await expect(hint).toHaveText('Drop to upload to “Protocol”');
  await expect(protocolRow).toHaveClass(/drop-active/);
  await expect(page.getByTestId('file-drop-zone')).not.toHaveClass(/drop-active/);
  const siteFolder = page.locator('[data-testid="folder-tree-item"][data-tree-path="Site documents"]');
  await dragOver(siteFolder.locator('.tree-label').first(), letter);
  await expect(hint).toHaveText('Drop to upload to “Site documents”');
  await expect(siteFolder).toHaveClass(/drop-active/);
  await page.evaluate(() => window.dispatchEvent(new DragEvent('dragleave', { relatedTarget: null })));
  await expect(hint).toHaveCount(0);

  // In Consent forms: over the details pane the current folder is named, highlighted in the list
  // and the tree; dropped there, the file lands in Consent forms.
  await page.getByTestId('file-row').filter({ hasText: 'Consent forms' }).dblclick();
  await expect(page.getByTestId('breadcrumbs').locator('[aria-current="page"]')).toHaveText('Consent forms');
  await page.getByTestId('file-row').first().click();
  const details = page.getByTestId('details-pane');
  await expect(details).toBeVisible();
  await dragOver(details, letter);
  await expect(hint).toHaveText('Drop to upload to “Consent forms”');
  await expect(page.getByTestId('file-drop-zone')).toHaveClass(/drop-active/);
  await expect(page.locator('[data-testid="folder-tree-item"][data-tree-path="Consent forms"]')).toHaveClass(
    /drop-active/,
  );
  await saveScreenshot(page, 'drop-over-details-pane');
  await details.dispatchEvent('drop', { dataTransfer: letter });
  await expect(hint).toHaveCount(0);
  await expect(page.getByTestId('transfers-tab-completed')).toHaveText(/Completed \(1\)/, { timeout: 30_000 });
  await expect(page.getByTestId('file-row').filter({ hasText: 'window-drop-letter.pdf' })).toBeVisible();
  await letter.dispose();
});

test('a file dropped on a dialog, away from any file input, is refused: the tab stays, the dialog keeps what was typed, nothing uploads', async ({
  page,
  host,
}) => {
  const desktop = await mkdtemp(join(tmpdir(), 'e2e-dialog-drop-'));
  try {
    const file = join(desktop, 'dropped-on-dialog.pdf');
    await writeFile(file, minimalPdf('Dropped on a dialog'));
    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    // a study open, so a drop outside a dialog would upload
    await page.getByTestId('study-row').filter({ hasText: HEART_FAILURE }).click();
    await expect(page.getByTestId('file-row').first()).toBeVisible();
    const url = page.url();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.getByTestId('new-study').click();
    const dialog = page.getByTestId('new-study-dialog');
    await dialog.getByTestId('study-title-input').fill('Unsaved title');
    // What the page did with the drag: headless Chromium never navigates on a drop, so the
    // proof is that the page cancelled every dragover (an uncancelled one lets the browser open
    // the file; cancelled with dropEffect none, no drop follows) and any drop.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { dialogDrag: string[] }).dialogDrag = seen;
      for (const type of ['dragover', 'drop'])
        window.addEventListener(type, (e) => seen.push(`${type}:${e.defaultPrevented}`));
    });
    // a real desktop drop (Chromium's own drag pipeline), on the dialog's heading
    await dropPaths(page, dialog.getByRole('heading'), [file]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { dialogDrag: string[] }).dialogDrag.length))
      .toBeGreaterThan(0);
    const seen = await page.evaluate(() => (window as unknown as { dialogDrag: string[] }).dialogDrag);
    expect(seen.filter((s) => !s.endsWith(':true'))).toEqual([]);
    expect(navigations).toEqual([]);
    expect(page.url()).toBe(url);
    await expect(dialog.getByTestId('study-title-input')).toHaveValue('Unsaved title');
    await expect(page.getByTestId('transfers-tab-completed')).toHaveText(/Completed \(0\)/);
    await expect(page.getByTestId('transfers-tab-active')).toHaveText(/\(0\)/);
  } finally {
    await rm(desktop, { recursive: true, force: true });
  }
});
