// Journey 6 of issue 17: axe-core scans every main state and dialog of the window in the light and
// the dark theme (the states it does not reach: accessibility-states.spec.ts). No serious or critical violation; the rest are printed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, startHost, test } from './host-fixture.js';
import type { Page } from '@playwright/test';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, report, scanState, StateScans, type ScanFinding } from './support/axe.js';
import { callHost, stageOnHost } from './support/host-api.js';
import {
  createStudy,
  detailsAction,
  fileRow,
  openChromeDialog,
  openStudyDetails,
  toolbarAction,
  uploadWithoutDescribing,
} from './support/app-page.js';
import { minimalPdf } from './support/documents.js';

async function dialogState(
  page: Page,
  open: () => Promise<void>,
  testId: string,
  name: string,
  scans: (n: string) => Promise<void>,
): Promise<void> {
  await open();
  const dialog = page.getByTestId(testId);
  await expect(dialog).toBeVisible();
  await scans(name);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test('axe finds no serious or critical violation in any main state or dialog, light and dark', async ({
  page,
  host,
}) => {
  test.setTimeout(300_000);
  const scans = new StateScans(page);
  const scan = (name: string): Promise<void> => scans.scan(name);

  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  const study = await createStudy(page, 'Accessibility study', { protocol: 'A11Y-1', pi: 'Dr. Ada Reyes' });
  await expect(page.getByTestId('file-list-empty')).toBeVisible();
  const empty = await createStudy(page, 'An empty study');
  await page.locator(`[data-testid="study-row"][data-container-id="${study}"]`).click();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'consent-form.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Consent') });
  await uploadWithoutDescribing(page);
  await expect(fileRow(page, 'consent-form.pdf')).toBeVisible({ timeout: 30_000 });
  // A launcher declared as a PDF: opening it shows the blocked-open dialog.
  await page.getByTestId('upload-input').setInputFiles({
    name: 'consent.desktop',
    mimeType: 'application/pdf',
    buffer: Buffer.from('[Desktop Entry]\nType=Application\n'),
  });
  await uploadWithoutDescribing(page);
  await expect(fileRow(page, 'consent.desktop')).toBeVisible({ timeout: 30_000 });
  await callHost(host, 'items.writeRecord', {
    containerId: study,
    itemPath: 'records/visit-1',
    header: { type: 'visit-report', version: '1', name: 'Visit 1' },
    content: { visit: 1, outcome: 'completed' },
  });

  // An upload into a study that does not exist fails: the transfers panel shows it with its error.
  const ref = await stageOnHost(host, 'lost-report.pdf', minimalPdf('Lost'));
  await callHost(host, 'transfers.upload', {
    containerId: 'f'.repeat(32),
    folder: '',
    files: [{ ref, relativePath: 'lost-report.pdf' }],
  });
  const profiles = await callHost<{ id: string; name: string }[]>(host, 'profiles.list', {});
  const admin = profiles.find((p) => p.name.endsWith('Sandbox Admin'))!;
  const irb = profiles.find((p) => p.name.endsWith('Sandbox IRB'))!;

  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    await callHost(host, 'settings.update', { theme });
    await page.reload();
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    await scan('no study open');
    await page.getByTestId('transfers-tab-failed').click();
    const failed = page.getByTestId('transfer-row').filter({ hasText: 'lost-report.pdf' });
    await expect(failed).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
    await failed.getByTestId('error-display').locator('summary').click();
    await scan('transfers panel with a failed transfer, its Details open');
    await page.getByTestId('find-input').fill('consent');
    await expect(page.getByTestId('find-hit').first()).toBeVisible();
    await scan('find in all studies, results open');
    await page.getByTestId('find-input').fill('');
    await page.keyboard.press('Escape');
    await page.locator(`[data-testid="study-row"][data-container-id="${empty}"]`).click();
    await expect(page.getByTestId('file-list-empty')).toBeVisible();
    await scan('empty study');
    // A listing that breaks off: main's next page answers a network failure.
    const brokenOff = {
      ok: false,
      error: {
        code: 'network',
        message: 'The connection was closed.',
        details: 'listing page 1',
        explanation: 'The exchange could not be reached. Check the network and try again.',
        retryable: true,
      },
    };
    await page.route('**/api/call/items.listNext', (route) => route.fulfill({ json: brokenOff }));
    await page.locator(`[data-testid="study-row"][data-container-id="${study}"]`).click();
    await toolbarAction(page, 'reload');
    const listingError = page.getByTestId('file-browser').getByTestId('error-display');
    await expect(listingError.first()).toContainText(/The list stopped loading|could not be loaded/);
    await scan('a listing that broke off');
    await page.unroute('**/api/call/items.listNext');
    await listingError.first().getByRole('button', { name: 'Retry' }).click();
    await expect(listingError).toHaveCount(0);
    await toolbarAction(page, 'reload');
    const row = fileRow(page, 'consent-form.pdf');
    await row.click();
    await expect(page.getByTestId('details-name')).toHaveText('consent-form.pdf');
    await scan('study with a document selected');
    await page.getByTestId('details-more').locator('summary').click();
    await scan('details with More open');
    await page.getByTestId('file-row').filter({ hasText: 'records' }).dblclick();
    await page.getByTestId('file-row').filter({ hasText: 'Visit 1' }).click();
    await expect(page.getByTestId('record-view')).toBeVisible();
    await scan('a structured record selected');
    await page.getByTestId('breadcrumbs').getByRole('button').first().click();
    await row.click({ button: 'right' });
    await expect(page.getByTestId('context-menu')).toBeVisible();
    await scan('context menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('file-list').focus();
    await row.click();
    await page.keyboard.press('Delete');
    await expect(page.getByTestId('confirm-dialog')).toBeVisible();
    await scan('delete confirmation');
    await page.keyboard.press('Escape');

    // The same name uploaded again asks what to do.
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'consent-form.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Consent again') });
    await uploadWithoutDescribing(page);
    await expect(page.getByTestId('conflict-dialog')).toBeVisible();
    await scan('upload conflict dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('conflict-dialog')).toHaveCount(0);
    await fileRow(page, 'consent.desktop').dblclick();
    await expect(page.getByTestId('blocked-open-dialog')).toBeVisible();
    await scan('blocked-open dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('blocked-open-dialog')).toHaveCount(0);
    await page.getByTestId('new-study').click();
    const form = page.getByTestId('new-study-dialog');
    await form.getByTestId('study-form-save').click();
    await expect(form.getByRole('alert')).toHaveText('Give the study a title.');
    await scan('New study showing its validation error');
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);

    const s = (n: string) => scan(n);
    await dialogState(page, () => page.getByTestId('new-study').click(), 'new-study-dialog', 'New study', s);
    await dialogState(
      page,
      async () => void (await openStudyDetails(page)),
      'study-details-dialog',
      'Study details',
      s,
    );
    // The toolbar's More menu (the window made narrow enough that some actions fold into it).
    await page.setViewportSize({ width: 1024, height: 680 });
    await page.getByTestId('toolbar-more').click();
    await expect(page.getByRole('menu', { name: 'More actions' })).toBeVisible();
    await scan('toolbar More menu');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1360, height: 860 });
    await dialogState(page, () => toolbarAction(page, 'collaborators'), 'collaborators-dialog', 'Collaborators', s);
    await row.click();
    await dialogState(page, () => detailsAction(page, 'manage-access'), 'manage-access-dialog', 'Manage access', s);
    await dialogState(
      page,
      async () => {
        await row.click({ button: 'right' });
        await page.getByTestId('menu-rekey').click();
      },
      'rekey-dialog',
      'Lock with a new key',
      s,
    );
    for (const slot of ['organizations', 'activity', 'settings'] as const) {
      await dialogState(page, async () => void (await openChromeDialog(page, slot)), `${slot}-dialog`, slot, s);
    }
    await saveScreenshot(page, `journey-6-axe-${theme}`);
    // Admin…: the sandbox's Admin profile.
    await callHost(host, 'profiles.switch', { profileId: admin.id });
    await page.reload();
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox Admin');
    await openChromeDialog(page, 'admin');
    await scan('Admin dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('admin-dialog')).toHaveCount(0);
    await callHost(host, 'profiles.switch', { profileId: irb.id });
  }

  const text = scans.report();
  console.log(text);
  expect(scans.states).toBeGreaterThanOrEqual(30);
  expect(scans.findings.filter(isBlocking), text).toEqual([]);
});

test("the browser host's unlock page: no serious or critical violation, light and dark, also showing its problem", async ({
  browser,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-a11y-unlock-'));
  const host = await startHost(dataDir, { STUDY_EXCHANGE_PASSPHRASE: '' }, { signIn: false });
  const findings: ScanFinding[] = [];
  let states = 0;
  try {
    // One page (the code in the address is spent by the first visit); the theme follows the system's.
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    const both = async (name: string): Promise<void> => {
      for (const colorScheme of ['dark', 'light'] as const) {
        await page.emulateMedia({ colorScheme });
        findings.push(...(await scanState(page, `${colorScheme}: ${name}`)));
        states++;
      }
    };
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Set a passphrase' })).toBeVisible();
    await both('unlock page');
    await page.getByTestId('unlock-passphrase').fill('short');
    await page.getByTestId('unlock-submit').click();
    await expect(page.getByTestId('unlock-problem')).toContainText('at least 12 characters');
    await both('unlock page showing its problem');
    await context.close();
  } finally {
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const text = report(findings, states);
  console.log(text);
  expect(findings.filter(isBlocking), text).toEqual([]);
});

test('the scan itself reports what it should: an image without a text alternative is critical', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>x</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
  );
  const found = await scanState(page, 'probe');
  expect(found.filter(isBlocking).map((f) => f.rule)).toContain('image-alt');
});
