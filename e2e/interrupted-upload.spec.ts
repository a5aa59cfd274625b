// Issue 6, journey 4: an upload interrupted by stopping the exchange fails with a retry; once the
// exchange is back (same port, same data folder), Retry ends verified. The exchange is a separate
// reference server process, so stopping it leaves the app and its page running. Two cases: the
// exchange stopped before the upload starts (SIGTERM), and killed while the upload's bytes are in
// flight (SIGKILL, behind a slow loopback proxy so the upload is surely still running).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, type RunningHost } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, StateScans } from './support/axe.js';
import { callHost, stageOnHost } from './support/host-api.js';
import {
  serveExchange,
  serveNewSandbox,
  type SandboxOrganization,
  type ServingExchange,
} from './support/reference-server.js';
import { startSlowProxy, type SlowProxy } from './support/slow-proxy.js';
import { createStudy, detailsAction, uploadWithoutDescribing } from './support/app-page.js';
import { expectToastsAboveDock, expectUncovered } from './support/layout.js';

/** Adds the test exchange's sIRB as a profile, switches to it in the UI, creates a study, opens it. */
async function openStudyOnTestExchange(
  page: Page,
  host: RunningHost,
  sirb: SandboxOrganization,
  baseUrl: string,
): Promise<void> {
  const profile = await callHost<{ id: string }>(host, 'profiles.importPem', {
    name: 'Test exchange IRB',
    environment: 'test',
    baseUrl,
    organizationId: sirb.id,
    keyFile: await stageOnHost(host, 'sirb.key', sirb.keyPem),
    certificatePem: sirb.certificatePem,
  });
  await page.goto(host.url);
  await expect(page.getByTestId('active-environment')).toHaveText('sandbox');
  await page.getByTestId('profile-switcher').selectOption(profile.id);
  await expect(page.getByTestId('active-environment')).toHaveText('test');
  await expect(page.getByTestId('active-role')).toHaveText('sIRB');
  await expect(page.getByTestId('connection-indicator')).toHaveClass(/connection-ok/);
  await createStudy(page, 'Interrupted upload study');
  await expect(page.getByTestId('study-row')).toHaveCount(1);
  await page.getByTestId('study-row').first().click();
  await expect(page.getByTestId('file-list-empty')).toBeVisible();
}

test('an upload while the exchange is stopped fails with a retry; after the exchange restarts, Retry ends verified', async ({
  page,
  host,
}) => {
  const work = await mkdtemp(join(tmpdir(), 'e2e-exchange-'));
  const dataDir = join(work, 'data');
  let exchange: ServingExchange | undefined;
  try {
    const sandbox = await serveNewSandbox(dataDir, join(work, 'keys'));
    const { port } = sandbox;
    exchange = sandbox.exchange;
    const sirb = sandbox.orgs.find((o) => o.role === 'sirb')!;
    await openStudyOnTestExchange(page, host, sirb, exchange.url);

    await exchange.stop('SIGTERM');
    const bytes = randomBytes(256 * 1024);
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'monitoring-report.pdf', mimeType: 'application/pdf', buffer: bytes });
    await uploadWithoutDescribing(page);

    const failedTab = page.getByTestId('transfers-tab-failed');
    await expect(failedTab).toHaveText(/Failed \(1\)/, { timeout: 60_000 });
    await failedTab.click();
    const row = page.getByTestId('transfer-row').filter({ hasText: 'monitoring-report.pdf' });
    await expect(row).toHaveAttribute('data-state', 'failed');
    // The failure says where it happened, and offers the retry.
    await expect(row.getByTestId('error-display')).toContainText('Upload of "monitoring-report.pdf" failed.');
    const retry = row.getByTestId('transfer-retry');
    await expect(retry).toBeVisible();
    await expect(failedTab).toHaveClass(/has-failures/);
    // The failed call rechecks the connection: the indicator no longer says Connected.
    await expect(page.getByTestId('connection-indicator')).toHaveClass(/connection-error/);
    // its size was known from the moment it was queued
    await expect(row).toContainText('256 KB');
    // Issue 38: the toast that says so stacks above the dock, never over the row's Retry.
    const toast = page.getByTestId('toast').filter({ hasText: '1 transfer failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveClass(/toast-failure/); // red, as a failure
    for (const size of [
      { width: 1024, height: 680 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await expectUncovered(retry);
      await expectToastsAboveDock(page);
      // the failure's cause shows whole in the dock, without scrolling it
      const errorBottom = await row.getByTestId('error-display').evaluate((el) => el.getBoundingClientRect().bottom);
      const dockBottom = await page.getByTestId('transfers-panel').evaluate((el) => el.getBoundingClientRect().bottom);
      expect(errorBottom).toBeLessThanOrEqual(dockBottom);
      await saveScreenshot(page, `journey-4-upload-failed-${size.width}`);
    }
    await saveScreenshot(page, 'journey-4-upload-failed');

    exchange = await serveExchange(dataDir, port);
    await retry.click();
    const completed = page.getByTestId('transfers-tab-completed');
    await expect(completed).toHaveText(/Completed \(1\)/, { timeout: 60_000 });
    await expect(failedTab).toHaveText(/Failed \(0\)/);
    await completed.click();
    await expect(
      page.getByTestId('transfer-row').filter({ hasText: 'monitoring-report.pdf' }).getByTestId('transfer-state'),
    ).toHaveText('verified');
    // and a transfer that reached it again says so
    await expect(page.getByTestId('connection-indicator')).toHaveClass(/connection-ok/);
    await expect(page.getByTestId('file-row').filter({ hasText: 'monitoring-report.pdf' })).toBeVisible();
    // The restarted exchange holds it: the details come from the server.
    await page.getByTestId('file-row').filter({ hasText: 'monitoring-report.pdf' }).click();
    await expect(page.getByTestId('detail-access')).toContainText('Sandbox IRB');
    await saveScreenshot(page, 'journey-4-retry-verified');

    // Issue 38 §8: each profile its own transfers: a site's panel does not list this upload.
    const profiles = await callHost<{ id: string; name: string }[]>(host, 'profiles.list', {});
    const riverside = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
    await page.getByTestId('profile-switcher').selectOption(riverside.id);
    await expect(page.getByTestId('active-environment')).toHaveText('sandbox');
    await expect(completed).toHaveText(/Completed \(0\)/);
    await expect(page.getByTestId('transfer-row').filter({ hasText: 'monitoring-report.pdf' })).toHaveCount(0);
  } finally {
    await exchange?.stop('SIGTERM');
    await rm(work, { recursive: true, force: true });
  }
});

test('an upload cut off by killing the exchange mid-transfer fails with a retry; after the exchange restarts, Retry ends verified', async ({
  page,
  host,
}) => {
  // a 24 MiB upload at 1 MiB/s, twice, after a sandbox of its own, and axe scans: 4.9 min on a loaded machine
  test.setTimeout(480_000);
  const work = await mkdtemp(join(tmpdir(), 'e2e-exchange-'));
  const dataDir = join(work, 'data');
  let exchange: ServingExchange | undefined;
  let proxy: SlowProxy | undefined;
  try {
    const sandbox = await serveNewSandbox(dataDir, join(work, 'keys'));
    const { port } = sandbox;
    exchange = sandbox.exchange;
    const sirb = sandbox.orgs.find((o) => o.role === 'sirb')!;
    // 1 MiB/s towards the exchange: a 24 MiB upload takes far longer than the loopback socket
    // buffers can hide (the app's progress counts bytes handed to the socket, not received).
    proxy = await startSlowProxy(port, 1024 * 1024);
    await openStudyOnTestExchange(page, host, sirb, `http://localhost:${proxy.port}`);

    const bytes = randomBytes(24 * 1024 * 1024);
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'site-binder.pdf', mimeType: 'application/pdf', buffer: bytes });
    await uploadWithoutDescribing(page);
    const active = page.getByTestId('transfer-row').filter({ hasText: 'site-binder.pdf' });
    await expect(active).toHaveAttribute('data-state', 'running', { timeout: 30_000 });
    // Some bytes are on their way and the upload is not done: now the exchange dies.
    await expect
      .poll(async () => Number(await active.locator('progress').getAttribute('value')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect(active).toHaveAttribute('data-state', 'running');
    // Issue 38 §8: the folder shows the upload in progress, the panel the batch's summary.
    const pending = page.getByTestId('pending-upload').filter({ hasText: 'site-binder.pdf' });
    await expect(pending).toContainText('of 24 MB');
    // its bar ends before its words begin (Chromium's default bar was wider than its column)
    const barEnd = await pending.locator('progress').evaluate((el) => el.getBoundingClientRect().right);
    const wordsStart = await pending.locator('.pending-words').evaluate((el) => el.getBoundingClientRect().left);
    expect(barEnd).toBeLessThanOrEqual(wordsStart);
    await expect(page.getByTestId('transfers-summary')).toContainText('0 of 1 ·');
    await expect(page.getByTestId('transfers-summary')).toContainText('of 24 MB');
    // Both states pass axe in both themes (the theme follows the system's; the upload slowed so it
    // is still in progress through the scans).
    proxy.setRate(32 * 1024);
    const scans = new StateScans(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      scans.theme = colorScheme;
      await expect(pending).toBeVisible();
      await expect(page.getByTestId('transfers-summary')).toBeVisible();
      await scans.scan('an upload in progress: its row in the folder and the transfers summary');
      await saveScreenshot(page, `upload-in-progress-${colorScheme}`);
    }
    console.log(scans.report());
    expect(scans.findings.filter(isBlocking)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(active).toHaveAttribute('data-state', 'running');
    await exchange.stop('SIGKILL');

    const failedTab = page.getByTestId('transfers-tab-failed');
    await expect(failedTab).toHaveText(/Failed \(1\)/, { timeout: 60_000 });
    // the failure brought its tab forward, in red, without a click
    await expect(failedTab).toHaveAttribute('aria-selected', 'true');
    await expect(failedTab).toHaveClass(/has-failures/);
    const row = page.getByTestId('transfer-row').filter({ hasText: 'site-binder.pdf' });
    await expect(row).toHaveAttribute('data-state', 'failed');
    await expect(row.getByTestId('error-display')).toContainText('Upload of "site-binder.pdf" failed.');
    await expect(page.getByTestId('file-row').filter({ hasText: 'site-binder.pdf' })).toHaveCount(0);
    await expect(pending).toHaveCount(0);
    await saveScreenshot(page, 'journey-4-upload-cut-off');

    exchange = await serveExchange(dataDir, port);
    proxy.setRate(256 * 1024 * 1024);
    await row.getByTestId('transfer-retry').click();
    const completed = page.getByTestId('transfers-tab-completed');
    await expect(completed).toHaveText(/Completed \(1\)/, { timeout: 60_000 });
    await completed.click();
    await expect(
      page.getByTestId('transfer-row').filter({ hasText: 'site-binder.pdf' }).getByTestId('transfer-state'),
    ).toHaveText('verified');

    // What the restarted exchange holds is exactly what was uploaded.
    const file = page.getByTestId('file-row').filter({ hasText: 'site-binder.pdf' });
    await file.click();
    const downloading = page.waitForEvent('download');
    await detailsAction(page, 'save-as');
    const saved = join(work, 'downloaded.pdf');
    await (await downloading).saveAs(saved);
    expect((await readFile(saved)).equals(bytes)).toBe(true);
  } finally {
    await exchange?.stop('SIGTERM');
    await proxy?.close();
    await rm(work, { recursive: true, force: true });
  }
});
