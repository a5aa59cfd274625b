// Journey 3 of issue 17: "Find in all studies" finds a document of another study and opens that
// study at the document, selected.
import { expect, test } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';

test('journey 3: Find in all studies finds a document of the other study and opens it selected', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  // The first demo study open; the document sought is in the other one.
  await page.getByTestId('study-row').first().click();
  await expect(page.getByTestId('breadcrumbs')).toContainText('Heart Failure');

  const find = page.getByTestId('find-input');
  await find.fill('amendment 2026');
  const hits = page.getByTestId('find-hit');
  await expect(hits.first()).toContainText('protocol-2026-007-amendment-1.docx');
  await expect(hits.first()).toContainText('Protocol 2026-007: Pediatric Asthma Inhaler Adherence › Protocol');
  await saveScreenshot(page, 'journey-3-find');
  await find.press('Enter');

  await expect(page.getByTestId('breadcrumbs')).toContainText('Pediatric Asthma');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Protocol');
  const row = page.getByTestId('file-row').filter({ hasText: 'protocol-2026-007-amendment-1.docx' });
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-testid="study-row"][aria-selected="true"]')).toContainText('Pediatric Asthma');

  // Nothing found says so; a study is found by its title too.
  await find.fill('zzzz-nothing');
  await expect(page.getByTestId('find-none')).toHaveText('Nothing found for “zzzz-nothing”.');
  await find.fill('telemonitoring');
  await expect(hits.first()).toContainText('Protocol 2025-031: Heart Failure Telemonitoring');
});
