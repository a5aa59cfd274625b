// Issue 28 end to end with two windows: the sIRB and a site, each its own browser host and
// profile, against one reference exchange. The site hears of the sIRB's consent form (a desktop
// notification, whose click shows it) and sees it New on the study, folder and row; opening it
// clears that and sends a receipt, so the sIRB's details say "this version"; a replacement is
// notified and New again, and "earlier version" until the site opens it again; the distribution
// report and its CSV agree; what a hostile site forges is never a delivery.
// Headless Chromium shows no notifications: an init script records the page's Notification
// constructor (the browser allows them: the context's permission). A fake `xdg-open` first on
// PATH stands in for the system opener.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { loadTrustedCas } from '../server/store/sqlite/trust-store.js';
import { expect, test, type RunningHost } from './host-fixture.js';
import { closeDialog, fileRow, openChromeDialog, openStudy, refreshStudy, toolbarAction } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, scanState } from './support/axe.js';
import { csvRecords } from './support/csv.js';
import { minimalPdf } from './support/documents.js';
import { callHost, uploadVerified } from './support/host-api.js';
import { clickNotification, recordedNotifications } from './support/notifications.js';
import { openOrganizationWindow } from './support/organization-window.js';
import { forgeReceipts, sessionFromPem } from './support/hostile-receipts.js';
import { openerCalls } from './support/opener.js';
import { serveNewSandbox, type SandboxOrganization, type ServingExchange } from './support/reference-server.js';

test.describe.configure({ mode: 'serial' });

interface Window {
  readonly host: RunningHost;
  readonly page: Page;
  readonly org: SandboxOrganization;
}

let work: string;
let exchange: ServingExchange;
let anchors: string[];
let sirb: Window;
let site: Window;
let lakeside: SandboxOrganization;
let containerId: string;
let consent: string;
let brochure: string;

/** `org`'s window on a browser host of its own (trusting the exchange's CA), notifications recorded. */
async function openWindow(browser: Browser, name: string, org: SandboxOrganization): Promise<Window> {
  const w = await openOrganizationWindow(browser, {
    work,
    name,
    org,
    exchangeUrl: exchange.url,
    anchors,
    viewport: { width: 1360, height: 860 },
    recordNotifications: true,
  });
  return { host: w.host, page: w.page, org };
}

const notifications = recordedNotifications;

const upload = (name: string, bytes: Buffer, replacePath?: string): Promise<string> =>
  uploadVerified(sirb.host, containerId, 'Approvals', name, bytes, replacePath);

/** The receipt goes out once the site's copy is verified, just after the open: waited for, as the sIRB. */
async function deliveredTo(itemPath: string, state: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await callHost<{ cells: { organizationId: string; state: string }[] }>(sirb.host, 'receipts.forItem', {
            containerId,
            itemPath,
          })
        ).cells.find((c) => c.organizationId === site.org.id)?.state,
      { timeout: 30_000 },
    )
    .toBe(state);
}

/** The site opens a document (double-click): the opener gets the verified copy. */
async function openAtSite(name: string, opened: number): Promise<void> {
  await fileRow(site.page, name).dblclick();
  await expect.poll(async () => (await openerCalls(join(work, 'site', 'opener.log'))).length).toBe(opened);
}

const studyRow = (page: Page) => page.locator(`[data-testid="study-row"][data-container-id="${containerId}"]`);
const treeItem = (page: Page, path: string) =>
  page.locator(`[data-testid="folder-tree-item"][data-tree-path="${path}"]`);

/** The study's Approvals folder, listed afresh. */
async function openApprovals(page: Page): Promise<void> {
  await openStudy(page, containerId);
  await refreshStudy(page);
  await page.getByRole('treeitem', { name: /Approvals/ }).click();
}

async function sirbDetails(name: string): Promise<Locator> {
  await openApprovals(sirb.page);
  await fileRow(sirb.page, name).click();
  await expect(sirb.page.getByTestId('details-name')).toHaveText(name);
  return sirb.page.getByTestId('delivery');
}

test.beforeAll(async ({ browser }) => {
  work = await mkdtemp(join(tmpdir(), 'e2e-two-sites-'));
  const sandbox = await serveNewSandbox(join(work, 'exchange'), join(work, 'keys'));
  const orgs = sandbox.orgs;
  exchange = sandbox.exchange;
  anchors = loadTrustedCas(join(work, 'exchange'));
  const byName = (name: string) => orgs.find((o) => o.name === name)!;
  lakeside = byName('Lakeside University');
  sirb = await openWindow(
    browser,
    'sirb',
    orgs.find((o) => o.role === 'sirb')!,
  );
  site = await openWindow(browser, 'site', byName('Riverside Medical Center'));
  // the site's refresh has listed its (no) studies once: what the sIRB shares next is news to it
  await callHost(site.host, 'changes.refresh');
});

test.afterAll(async () => {
  for (const w of [sirb, site]) {
    await w?.page.context().close();
    await w?.host.stop();
  }
  await exchange?.stop();
  await rm(work, { recursive: true, force: true });
});

test('the site turns notifications on, hears of the study, then of the sIRB’s documents; its click shows them New; opening one clears it and the sIRB sees it received, this version', async () => {
  const settings = await openChromeDialog(site.page, 'settings');
  await settings.getByTestId('settings-nav-preferences').click();
  const on = settings.getByRole('switch', { name: /Notify me when documents arrive/ });
  await on.click();
  await expect(on).toBeChecked();
  await expect(settings.getByTestId('settings-notifications-problem')).toHaveCount(0);
  await saveScreenshot(site.page, 'two-sites-notification-settings');
  // the group passes axe, and its switches are reached by keyboard
  expect((await scanState(site.page, 'settings: notifications on')).filter(isBlocking)).toEqual([]);
  await on.focus();
  await site.page.keyboard.press('Tab');
  await expect(settings.getByRole('checkbox', { name: /Hide names in notifications/ })).toBeFocused();
  await closeDialog(settings);

  containerId = (await callHost<{ id: string }>(sirb.host, 'containers.create', { title: 'Protocol 2025-031' })).id;
  for (const o of [site.org, lakeside])
    await callHost(sirb.host, 'collaborators.add', { containerId, organizationId: o.id });
  await callHost(site.host, 'changes.refresh');
  await expect
    .poll(() => notifications(site.page))
    .toEqual([{ title: 'Protocol 2025-031 was shared with you', body: '', tag: `study-exchange:${containerId}` }]);

  consent = await upload('consent-form.pdf', minimalPdf('Consent form v1'));
  brochure = await upload('brochure.pdf', minimalPdf('Investigator brochure'));
  await callHost(sirb.host, 'access.grant', {
    containerId,
    itemPaths: [consent, brochure],
    organizationIds: [site.org.id, lakeside.id],
  });
  await callHost(site.host, 'changes.refresh');
  await expect.poll(async () => (await notifications(site.page)).length).toBe(2);
  const [, arrived] = await notifications(site.page);
  expect(arrived!.title).toBe('2 new documents in Protocol 2025-031');
  expect(arrived!.body).toMatch(
    /^From Sandbox IRB: (consent-form\.pdf, brochure\.pdf|brochure\.pdf, consent-form\.pdf)$/,
  );

  // its click: the window shows the study at the documents' folder, them selected, New
  await clickNotification(site.page, 1);
  await expect(studyRow(site.page)).toHaveAttribute('aria-selected', 'true');
  await expect(treeItem(site.page, 'Approvals')).toHaveAttribute('aria-selected', 'true');
  await expect(treeItem(site.page, 'Approvals')).toHaveAttribute('data-new', 'true');
  await expect(studyRow(site.page).getByTestId('study-new-count')).toHaveText('2 new');
  for (const name of ['consent-form.pdf', 'brochure.pdf']) {
    await expect(fileRow(site.page, name)).toHaveAttribute('aria-selected', 'true');
    await expect(fileRow(site.page, name).getByTestId('row-new')).toHaveText('New');
  }
  await saveScreenshot(site.page, 'two-sites-site-new');

  // opening the consent form clears its mark (the brochure stays New) and sends the receipt
  await openAtSite('consent-form.pdf', 1);
  await expect(fileRow(site.page, 'consent-form.pdf')).not.toHaveAttribute('data-new', 'true');
  await expect(studyRow(site.page).getByTestId('study-new-count')).toHaveText('1 new');

  await deliveredTo(consent, 'this');
  const delivery = await sirbDetails('consent-form.pdf');
  await expect(delivery.getByTestId('delivery-summary')).toHaveText('Received by 1 of 2 organizations with access');
  await expect(delivery.getByTestId('delivery-org').filter({ hasText: 'Riverside Medical Center' })).toContainText(
    'this version, opened',
  );
  await saveScreenshot(sirb.page, 'two-sites-sirb-this-version');
});

test('receipts a hostile site forges are not deliveries', async () => {
  const forger = await sessionFromPem(join(work, 'lakeside'), lakeside, exchange.url, anchors);
  try {
    await forgeReceipts(forger, {
      containerId,
      victimOrganizationId: site.org.id,
      forgerOrganizationId: lakeside.id,
      ownerOrganizationId: sirb.org.id,
      first: consent,
      second: brochure,
    });
  } finally {
    forger.close();
  }
  const forged = await sirbDetails('brochure.pdf');
  await expect(forged.getByTestId('delivery-summary')).toHaveText('Received by 0 of 2 organizations with access');
  await fileRow(sirb.page, 'consent-form.pdf').click();
  await expect(sirb.page.getByTestId('delivery').getByTestId('delivery-summary')).toHaveText(
    'Received by 1 of 2 organizations with access',
  );
  await expect(sirb.page.getByTestId('file-row')).toHaveCount(2);
});

test('the sIRB replaces it: an earlier version until the site opens it again; the report and its CSV agree', async () => {
  await upload('consent-form.pdf', minimalPdf('Consent form v2'), consent);
  await callHost(sirb.host, 'items.rekey', { containerId, itemPath: consent });
  const delivery = await sirbDetails('consent-form.pdf');
  await expect(delivery.getByTestId('delivery-org').filter({ hasText: 'Riverside Medical Center' })).toContainText(
    'earlier version',
  );

  await toolbarAction(sirb.page, 'distribution');
  const report = sirb.page.getByTestId('distribution-report');
  const cells = (path: string) =>
    report.locator(`[data-testid="report-row"][data-path="${path}"]`).getByTestId('report-state');
  await expect(cells(consent)).toHaveText(['● Not yet', 'Earlier version']);
  await expect(cells(brochure)).toHaveText(['● Not yet', '● Not yet']);
  const downloading = sirb.page.waitForEvent('download');
  await report.getByTestId('report-export').click();
  const csvFile = join(work, 'distribution.csv');
  await (await downloading).saveAs(csvFile);
  const records = csvRecords(await readFile(csvFile, 'utf8'));
  const status = (path: string, org: string) => records.find((r) => r.path === path && r.organization === org)?.status;
  expect(status(consent, 'Riverside Medical Center')).toBe('earlier version');
  expect(status(consent, 'Lakeside University')).toBe('not yet');
  expect(status(brochure, 'Riverside Medical Center')).toBe('not yet');
  await saveScreenshot(sirb.page, 'two-sites-report-earlier');
  await report.getByRole('button', { name: 'Close', exact: true }).last().click();

  // the site hears of the new version, New again until it opens it
  await callHost(site.host, 'changes.refresh');
  await expect
    .poll(async () => (await notifications(site.page)).at(-1))
    .toEqual({
      title: 'New document in Protocol 2025-031',
      body: 'consent-form.pdf from Sandbox IRB',
      tag: `study-exchange:${containerId}`,
    });
  await expect(fileRow(site.page, 'consent-form.pdf').getByTestId('row-new')).toHaveText('New');
  await openAtSite('consent-form.pdf', 2);
  await expect(fileRow(site.page, 'consent-form.pdf')).not.toHaveAttribute('data-new', 'true');
  await deliveredTo(consent, 'this');
  const again = await sirbDetails('consent-form.pdf');
  await expect(again.getByTestId('delivery-org').filter({ hasText: 'Riverside Medical Center' })).toContainText(
    'this version',
  );
});
