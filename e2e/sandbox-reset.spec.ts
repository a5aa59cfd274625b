// Settings → Reset the sandbox…, through the browser host: after the user changed the sandbox (a
// demo document deleted, a study created, a study open), the window shows exactly the two named
// demo studies again, the deleted document back in its folder and the created study gone.
import { expect, test } from './host-fixture.js';
import { closeDialog, createStudy, fileRow, openChromeDialog, settled } from './support/app-page.js';
import { expectTextWhole } from './support/layout.js';
import { saveScreenshot } from './support/artifacts.js';

const DEMO_TITLES = [
  'Protocol 2025-031: Heart Failure Telemonitoring',
  'Protocol 2026-007: Pediatric Asthma Inhaler Adherence',
];

test('Reset sandbox brings back the two demo studies with their documents, and only them', async ({ page, host }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('study-title')).toHaveText(DEMO_TITLES);
  const rows = page.getByTestId('file-row');

  // Change it: a demo document deleted, a study created (and open).
  await page.getByTestId('study-row').first().click();
  await rows.filter({ hasText: 'Protocol' }).dblclick();
  const amendment = fileRow(page, 'protocol-2025-031-amendment-1.docx');
  await expect(amendment).toBeVisible();
  await page.getByTestId('file-list').focus();
  await amendment.click();
  await page.keyboard.press('Delete');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(amendment).toHaveCount(0);
  await createStudy(page, 'Scratch study');
  await expect(page.getByTestId('study-title')).toHaveText(['Scratch study', ...DEMO_TITLES]);

  const settings = await openChromeDialog(page, 'settings');
  await settings.getByTestId('settings-nav-preferences').click();
  await settings.getByTestId('sandbox-reset').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Reset sandbox', exact: true }).click();
  await expect(settings.getByTestId('sandbox-reset')).toHaveText('Reset the sandbox…', { timeout: 60_000 });
  await closeDialog(settings);

  await expect(page.getByTestId('study-title')).toHaveText(DEMO_TITLES);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  await page.getByTestId('study-row').first().click();
  await expect(page.getByTestId('breadcrumbs')).toContainText(DEMO_TITLES[0]!);
  await expect(rows.locator('.name-text')).toHaveText(['Consent forms', 'Protocol', 'Site documents']);
  await rows.filter({ hasText: 'Protocol' }).dblclick();
  await expect(rows.locator('.name-text')).toHaveText([
    'protocol-2025-031-amendment-1.docx',
    'protocol-2025-031-v2.pdf',
  ]);
  // at this size every toolbar action shows inline: the folder's name still shows whole beside the title
  await settled(page);
  await expectTextWhole(page.getByTestId('breadcrumbs').locator('li.crumb-current'));
  await saveScreenshot(page, 'sandbox-reset');
});
