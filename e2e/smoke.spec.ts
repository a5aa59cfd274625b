// Issue 5's smoke test: the renderer loads through the browser host, lists the sandbox's
// studies, and uploads a file that ends verified.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { expect, test } from './host-fixture.js';
import { createStudy, uploadWithoutDescribing } from './support/app-page.js';

test('the browser host serves the app on the sandbox: list studies, create one, upload a file', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText(/Sandbox IRB/);
  // The sandbox's demo studies are there from the first run.
  await expect(page.getByTestId('study-row')).toHaveCount(2);
  // The token left the address bar once read.
  expect(page.url()).not.toContain('token=');

  await createStudy(page, 'Smoke study');
  await expect(page.getByTestId('study-row')).toHaveCount(3);

  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'consent-form.txt', mimeType: 'text/plain', buffer: randomBytes(4096) });
  await uploadWithoutDescribing(page);
  // A finished transfer moves to the Completed tab, marked verified.
  const completed = page.getByTestId('transfers-tab-completed');
  await expect(completed).toHaveText(/Completed \(1\)/, { timeout: 30_000 });
  await completed.click();
  const row = page.getByTestId('transfer-row').filter({ hasText: 'consent-form' });
  await expect(row.getByTestId('transfer-state')).toHaveText('verified');
  await expect(page.getByTestId('file-row').filter({ hasText: 'consent-form.txt' })).toBeVisible();

  await mkdir('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: 'e2e/artifacts/smoke-file-browser.png' });
});
