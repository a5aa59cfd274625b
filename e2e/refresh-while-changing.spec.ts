// Refresh while the user changes the study, through the browser host against the embedded
// exchange: main's shared refresh reads the study, and its `study.changed` is held between main
// and the page (as a refresh of a 100,000-item study would take seconds), and meanwhile the user
// deletes one document and uploads another. When the stale answer arrives, the deleted one stays
// gone and the new one stays.
import { expect, test } from './host-fixture.js';
import { createStudy, fileRow, toolbarAction, uploadWithoutDescribing } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { minimalPdf } from './support/documents.js';

test("a document deleted and one uploaded while main's refresh answer is on the way stay deleted and uploaded", async ({
  page,
  host,
}) => {
  // main's study.changed events wait here while `holding` (the rest pass)
  const held: string[] = [];
  let holding = false;
  let toPage: ((message: string | Buffer) => void) | undefined;
  await page.routeWebSocket('**/api/events', (ws) => {
    const server = ws.connectToServer();
    toPage = (m) => ws.send(m);
    server.onMessage((m) => (holding && String(m).includes('study.changed') ? void held.push(String(m)) : ws.send(m)));
  });
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  await createStudy(page, 'Refresh race study');
  // main lists the new study once (its first listing tells nothing), before anything is in it
  await toolbarAction(page, 'refresh');
  await expect(page.getByTestId('refresh')).toHaveText('Refresh');
  holding = true;
  const pdf = (text: string, name: string) => ({ name, mimeType: 'application/pdf', buffer: minimalPdf(text) });
  await page
    .getByTestId('upload-input')
    .setInputFiles([pdf('Old consent', 'old-consent.pdf'), pdf('Protocol', 'protocol.pdf')]);
  await uploadWithoutDescribing(page);
  const completed = page.getByTestId('transfers-tab-completed');
  await expect(completed).toHaveText(/Completed \(2\)/, { timeout: 30_000 });
  await expect(fileRow(page, 'old-consent.pdf')).toBeVisible();
  await expect(fileRow(page, 'protocol.pdf')).toBeVisible();

  // main's refresh reads the study with both documents; what it found waits
  await toolbarAction(page, 'refresh');
  await expect.poll(() => held.some((m) => m.includes('old-consent.pdf'))).toBe(true);

  await page.getByTestId('file-list').focus();
  await fileRow(page, 'old-consent.pdf').click();
  await page.keyboard.press('Delete');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(fileRow(page, 'old-consent.pdf')).toHaveCount(0);
  await page.getByTestId('upload-input').setInputFiles([pdf('New consent', 'new-consent.pdf')]);
  await uploadWithoutDescribing(page);
  await expect(completed).toHaveText(/Completed \(3\)/, { timeout: 30_000 });
  await expect(fileRow(page, 'new-consent.pdf')).toBeVisible();

  holding = false;
  for (const m of held) toPage!(m);
  await expect(page.getByTestId('refresh')).toHaveText('Refresh');
  await expect(page.getByTestId('file-row').locator('.name-text')).toHaveText(['new-consent.pdf', 'protocol.pdf']);
  await saveScreenshot(page, 'refresh-while-changing');
});
