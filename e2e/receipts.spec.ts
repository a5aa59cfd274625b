// Issue 28, delivery receipts: Riverside opens the sIRB's consent form and the sIRB's details say
// "Received … this version"; the sIRB replaces it and sees "earlier version" until Riverside opens
// it again; the distribution report and its CSV say the same. Receipts Lakeside forged are not
// deliveries. The report passes axe in both themes and works from the keyboard. A fake
// `xdg-open` first on PATH stands in for the system opener.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_PASSPHRASE, expect, test, type RunningHost } from './host-fixture.js';
import {
  fileRow,
  openStudy,
  refreshStudy,
  showInTheme,
  switchTo,
  toolbarAction,
  type ProfileInfo,
} from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, StateScans } from './support/axe.js';
import { csvRecords } from './support/csv.js';
import { minimalPdf } from './support/documents.js';
import { callHost, uploadVerified } from './support/host-api.js';
import { forgeReceipts } from './support/hostile-receipts.js';
import { openerCalls } from './support/opener.js';
import { sessionFromHostData } from './support/organization-session.js';
import { sirbWithStudy, type SirbStudy } from './support/sirb-study.js';

test.describe.configure({ mode: 'serial' });

let study: SirbStudy | undefined;
let work: string;
let host: RunningHost;
let page: Page;
let sirb: ProfileInfo;
let site: ProfileInfo;
let other: ProfileInfo;
let containerId: string;
let consent: string;
let brochure: string;

interface Cells {
  readonly cells: readonly { readonly organizationId: string; readonly state: string }[];
}

const upload = (name: string, bytes: Buffer, replacePath?: string): Promise<string> =>
  uploadVerified(host, containerId, '', name, bytes, replacePath);

/** The receipt goes out once the site's copy is verified, just after the open: waited for, as the sIRB. */
async function deliveredTo(itemPath: string, organizationId: string, state: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await callHost<Cells>(host, 'receipts.forItem', { containerId, itemPath })).cells.find(
          (c) => c.organizationId === organizationId,
        )?.state,
      { timeout: 30_000 },
    )
    .toBe(state);
}

async function openAsSite(name: string, opened: number): Promise<void> {
  await switchTo(page, site);
  await openStudy(page, containerId);
  await refreshStudy(page);
  await fileRow(page, name).dblclick();
  // the opener was handed the verified copy
  await expect.poll(async () => (await openerCalls(join(work, 'opener.log'))).length).toBe(opened);
}

async function selectAsSirb(name: string): Promise<Locator> {
  await switchTo(page, sirb);
  await openStudy(page, containerId);
  await refreshStudy(page);
  await fileRow(page, name).click();
  await expect(page.getByTestId('details-name')).toHaveText(name);
  return page.getByTestId('delivery');
}

test.beforeAll(async ({ browser }) => {
  let profiles: readonly ProfileInfo[];
  study = await sirbWithStudy(browser, {
    prefix: 'e2e-receipts-',
    viewport: { width: 1360, height: 860 },
    title: 'Receipts study',
    collaborators: ['Riverside Medical Center', 'Lakeside University'],
  });
  ({ work, host, page, profiles, sirb, containerId } = study);
  site = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
  other = profiles.find((p) => p.organizationName === 'Lakeside University')!;
  consent = await upload('consent-form.pdf', minimalPdf('Consent form v1'));
  brochure = await upload('brochure.pdf', minimalPdf('Investigator brochure'));
  await callHost(host, 'access.grant', {
    containerId,
    itemPaths: [consent, brochure],
    organizationIds: [site.organizationId, other.organizationId],
  });
});

test.afterAll(() => study?.close());

test('Riverside opens the consent form: the sIRB sees it received, this version; Lakeside’s forged receipts are not deliveries', async () => {
  await page.goto(host.url);
  await openAsSite('consent-form.pdf', 1);
  // the receiver sees that a receipt goes out
  await expect(page.getByTestId('delivery-receiver')).toContainText('its owner gets a receipt');

  await switchTo(page, sirb);
  await deliveredTo(consent, site.organizationId, 'this');
  const delivery = await selectAsSirb('consent-form.pdf');
  await expect(delivery.getByTestId('delivery-summary')).toHaveText('Received by 1 of 2 organizations with access');
  await expect(delivery.getByTestId('delivery-org').filter({ hasText: 'Riverside Medical Center' })).toContainText(
    'this version, opened',
  );
  await expect(delivery.getByTestId('delivery-org').first()).toHaveText('Lakeside University: not yet');
  await saveScreenshot(page, 'receipts-details-this-version');

  // Lakeside forges: at Riverside's path (the exchange refuses it), at its own path for the
  // consent form naming the brochure, and for the brochure with a contentHash it did not seal.
  // Lakeside's session, with its key from the host's data folder: what a hostile site can write.
  const lakeside = await sessionFromHostData(
    host.dataDir,
    (p) => p.organizationId === other.organizationId,
    'e2e-hostile/1',
  );
  try {
    await forgeReceipts(lakeside, {
      containerId,
      victimOrganizationId: site.organizationId,
      forgerOrganizationId: other.organizationId,
      ownerOrganizationId: sirb.organizationId,
      first: consent,
      second: brochure,
    });
  } finally {
    lakeside.close();
  }
  const forged = await selectAsSirb('brochure.pdf');
  await expect(forged.getByTestId('delivery-summary')).toHaveText('Received by 0 of 2 organizations with access');
  await fileRow(page, 'consent-form.pdf').click();
  await expect(page.getByTestId('delivery').getByTestId('delivery-summary')).toHaveText(
    'Received by 1 of 2 organizations with access',
  );
  // and still no receipt among the documents
  await expect(page.getByTestId('file-row')).toHaveCount(2);
});

test('the sIRB replaces the consent form: an earlier version until Riverside opens it again; the report and its CSV agree', async () => {
  await upload('consent-form.pdf', minimalPdf('Consent form v2'), consent);
  await callHost(host, 'items.rekey', { containerId, itemPath: consent });
  const delivery = await selectAsSirb('consent-form.pdf');
  await expect(delivery.getByTestId('delivery-org').filter({ hasText: 'Riverside Medical Center' })).toContainText(
    'earlier version',
  );

  await toolbarAction(page, 'distribution');
  const report = page.getByTestId('distribution-report');
  await expect(report).toBeVisible();
  const consentRow = report.locator(`[data-testid="report-row"][data-path="${consent}"]`);
  await expect(consentRow.getByTestId('report-state')).toHaveText(['● Not yet', 'Earlier version']);
  await expect(
    report.locator(`[data-testid="report-row"][data-path="${brochure}"]`).getByTestId('report-state'),
  ).toHaveText(['● Not yet', '● Not yet']);
  const downloading = page.waitForEvent('download');
  await report.getByTestId('report-export').click();
  const csvFile = join(work, 'distribution.csv');
  await (await downloading).saveAs(csvFile);
  const records = csvRecords(await readFile(csvFile, 'utf8'));
  const status = (path: string, org: string) => records.find((r) => r.path === path && r.organization === org)?.status;
  expect(records).toHaveLength(4);
  expect(status(consent, 'Riverside Medical Center')).toBe('earlier version');
  expect(status(consent, 'Lakeside University')).toBe('not yet');
  expect(status(brochure, 'Riverside Medical Center')).toBe('not yet');
  await saveScreenshot(page, 'receipts-report-earlier');
  await report.getByRole('button', { name: 'Close', exact: true }).last().click();

  await openAsSite('consent-form.pdf', 2);
  await switchTo(page, sirb);
  await deliveredTo(consent, site.organizationId, 'this');
  const again = await selectAsSirb('consent-form.pdf');
  await expect(again.getByTestId('delivery-org').filter({ hasText: 'Riverside Medical Center' })).toContainText(
    'this version',
  );
});

test('the report: no serious or critical axe violation in either theme, and every control by keyboard', async () => {
  const scans = new StateScans(page);
  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    await showInTheme(page, host, theme);
    await openStudy(page, containerId);
    await fileRow(page, 'consent-form.pdf').click();
    await expect(page.getByTestId('delivery-summary')).toBeVisible();
    await scans.scan('details with delivery');
    await toolbarAction(page, 'distribution');
    await expect(page.getByTestId('report-table')).toBeVisible();
    await scans.scan('distribution report');
    await saveScreenshot(page, `receipts-report-${theme}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('distribution-report')).toHaveCount(0);
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);

  // Keyboard only: the filter, every sort button, the table region, each document, Export and Close.
  await toolbarAction(page, 'distribution');
  const report = page.getByTestId('distribution-report');
  await expect(page.getByTestId('report-table')).toBeVisible();
  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(
        () => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.textContent ?? '',
      ),
    );
  }
  for (const id of [
    'report-filter-text',
    'report-filter-organization',
    'report-filter-state',
    'report-sort-name',
    'report-sort-folder',
    'report-reveal',
    'report-sort-updated',
    'report-sort-received',
    'report-sort-org',
    'report-export',
  ])
    expect(reached).toContain(id);
  await report.getByTestId('report-sort-received').focus();
  await page.keyboard.press('Enter');
  await expect(report.getByTestId('report-sort-received').locator('xpath=..')).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(report.getByTestId('report-row').first()).toHaveAttribute('data-path', brochure);
  await page.keyboard.press('Enter');
  await expect(report.getByTestId('report-row').first()).toHaveAttribute('data-path', consent);
  await page.keyboard.press('Escape');
  await expect(report).toHaveCount(0);
});

test('the report tells two documents of one name apart by folder, filters, reveals a row, and shows sign-offs', async () => {
  // Two "delegation-log.xlsx" in two folders, a site profile's sign-off of one, a long name.
  const north = await uploadVerified(
    host,
    containerId,
    'Site files/North',
    'delegation-log.xlsx',
    minimalPdf('North log'),
  );
  const south = await uploadVerified(
    host,
    containerId,
    'Site files/South',
    'delegation-log.xlsx',
    minimalPdf('South log'),
  );
  await callHost(host, 'access.grant', {
    containerId,
    itemPaths: [north, south],
    organizationIds: [site.organizationId, other.organizationId],
  });
  // Riverside signs off the North log (main builds and signs the statement, with the passphrase)
  await switchTo(page, site);
  await callHost(host, 'signoffs.setSigner', {
    name: 'Dana Reyes-Oyelaran-Montgomery',
    role: 'Regulatory Coordinator',
  });
  const signed = await callHost<{ ok: boolean }[]>(host, 'signoffs.sign', {
    containerId,
    itemPaths: [north],
    meaning: 'acknowledged',
    passphrase: E2E_PASSPHRASE,
    shareWith: 'everyone',
  });
  expect(signed.map((r) => r.ok)).toEqual([true]);

  await switchTo(page, sirb);
  const scans = new StateScans(page);
  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    await showInTheme(page, host, theme);
    for (const [width, height] of [
      [1024, 680],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await openStudy(page, containerId);
      await toolbarAction(page, 'distribution');
      const report = page.getByTestId('distribution-report');
      const rowOf = (path: string) => report.locator(`[data-testid="report-row"][data-path="${path}"]`);
      await expect(rowOf(north).getByTestId('report-folder')).toHaveText('Site files/North');
      await expect(rowOf(south).getByTestId('report-folder')).toHaveText('Site files/South');
      await expect(rowOf(consent).getByTestId('report-folder')).toHaveText('Top of the study');
      // Riverside's column of the North log: its receipt state and its sign-off beside it
      const riversideCell = rowOf(north).getByTestId('report-cell').nth(1);
      await expect(riversideCell.getByTestId('report-state')).toHaveText('● Not yet');
      await expect(riversideCell.getByTestId('report-signoff')).toHaveText('Signed off: Acknowledged, this version');
      await expect(rowOf(south).getByTestId('report-signoff')).toHaveCount(0);
      // "Not yet" is strong: the word, on amber, in the text colour
      const notYet = riversideCell.locator('.state-not-yet');
      expect(await notYet.evaluate((e) => getComputedStyle(e).fontWeight)).toBe('700');
      // the filter's labels on one line: the search box as tall as the selects (the row aligns at the bottom)
      const labelTops = await report.locator('.report-filter .field-label').evaluateAll((labels) =>
        labels.map((label) => {
          const words = document.createRange();
          words.selectNodeContents(label.firstChild!);
          return Math.round(words.getBoundingClientRect().top);
        }),
      );
      expect(labelTops).toHaveLength(3);
      expect(new Set(labelTops).size, String(labelTops)).toBe(1);
      await scans.scan(`distribution report ${width}`);
      await saveScreenshot(page, `receipts-report-folders-${theme}-${width}`);
      await page.keyboard.press('Escape');
      await expect(report).toHaveCount(0);
    }
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);

  // The filter: "delegation", Riverside, not yet: both logs; "South": one
  await page.setViewportSize({ width: 1024, height: 680 });
  await toolbarAction(page, 'distribution');
  const report = page.getByTestId('distribution-report');
  await report.getByTestId('report-filter-text').fill('delegation');
  await report.getByTestId('report-filter-organization').selectOption({ label: 'Riverside Medical Center' });
  await report.getByTestId('report-filter-state').selectOption({ label: 'Not yet' });
  await expect(report.getByTestId('report-row')).toHaveCount(2);
  await expect(report.getByTestId('report-count')).toHaveText('2 of 4 documents');
  await report.getByTestId('report-filter-text').fill('South');
  await expect(report.getByTestId('report-row')).toHaveCount(1);
  await saveScreenshot(page, 'receipts-report-filtered-1024');
  // Enter on the document's name reveals it: the dialog closes, the file browser selects it
  await report.getByTestId('report-reveal').focus();
  await page.keyboard.press('Enter');
  await expect(report).toHaveCount(0);
  await expect(page.locator('[data-testid="file-row"][aria-selected="true"]')).toHaveText(/delegation-log\.xlsx/);
  await expect(page.getByTestId('breadcrumbs')).toContainText('South');
  await saveScreenshot(page, 'receipts-report-revealed-1024');

  // The CSV has the sign-off beside the receipt
  await toolbarAction(page, 'distribution');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('distribution-report').getByTestId('report-export').click();
  const csvFile = join(work, 'distribution-signoffs.csv');
  await (await downloading).saveAs(csvFile);
  const records = csvRecords(await readFile(csvFile, 'utf8'));
  expect(records.find((r) => r.path === north && r.organization === 'Riverside Medical Center')).toMatchObject({
    status: 'not yet',
    'sign-off': 'Acknowledged',
    'sign-off version': 'this version',
    'sign-off verifies': 'yes',
    'signed by': 'Dana Reyes-Oyelaran-Montgomery, Regulatory Coordinator',
  });
});
