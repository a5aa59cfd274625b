// Refresh while the user changes the study, through the browser host against the embedded
// exchange: Refresh's membership listing is held between main and the page (its pages paused,
// as a 100,000-item listing would take seconds), and meanwhile the user deletes one document
// and uploads another. When the listing ends, the deleted one stays gone and the new one stays.
import type { Route } from '@playwright/test';
import { expect, test } from './host-fixture.js';
import { createStudy, fileRow, toolbarAction } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { minimalPdf } from './support/documents.js';

test('a document deleted and one uploaded while Refresh lists the study stay deleted and uploaded', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  await createStudy(page, 'Refresh race study');
  const pdf = (text: string, name: string) => ({ name, mimeType: 'application/pdf', buffer: minimalPdf(text) });
  await page
    .getByTestId('upload-input')
    .setInputFiles([pdf('Old consent', 'old-consent.pdf'), pdf('Protocol', 'protocol.pdf')]);
  const completed = page.getByTestId('transfers-tab-completed');
  await expect(completed).toHaveText(/Completed \(2\)/, { timeout: 30_000 });
  await expect(fileRow(page, 'old-consent.pdf')).toBeVisible();
  await expect(fileRow(page, 'protocol.pdf')).toBeVisible();

  // Refresh's listing pages wait here until the user is done
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/call/items.listNext', (route) => (holding ? void held.push(route) : route.continue()));
  await toolbarAction(page, 'refresh');
  await expect.poll(() => held.length).toBe(1);

  await page.getByTestId('file-list').focus();
  await fileRow(page, 'old-consent.pdf').click();
  await page.keyboard.press('Delete');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(fileRow(page, 'old-consent.pdf')).toHaveCount(0);
  await page.getByTestId('upload-input').setInputFiles([pdf('New consent', 'new-consent.pdf')]);
  await expect(completed).toHaveText(/Completed \(3\)/, { timeout: 30_000 });
  await expect(fileRow(page, 'new-consent.pdf')).toBeVisible();

  holding = false;
  for (const route of held) await route.continue();
  await expect(page.getByTestId('refresh')).toHaveText('Refresh');
  await expect(page.getByTestId('file-row').locator('.name-text')).toHaveText(['new-consent.pdf', 'protocol.pdf']);
  await saveScreenshot(page, 'refresh-while-changing');
});
