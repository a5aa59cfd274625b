// Issue 7, journeys 1, 2, 3 and 6 in one app with the sandbox's profiles, clicked through the
// dialogs: the sIRB invites Riverside (Collaborators) and grants it one document after checking its
// certificate (Manage access); the pSite sees only that document, downloads it byte-identical, and
// its own upload reaches the study's owner by itself; the sIRB revokes (with confirmation) and the
// document is gone at the pSite's next refresh; the activity log lists all of it and its CSV export
// holds the same rows. The journeys run in order on one host because each starts where the last
// one ended.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInContext, startHost, test, type RunningHost } from './host-fixture.js';
import {
  closeDialog,
  createStudy,
  detailsAction,
  fileRow,
  openChromeDialog,
  openStudy,
  refreshStudy,
  savedBytes,
  switchTo,
  type ProfileInfo,
  uploadWithoutDescribing,
} from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { csvRecords } from './support/csv.js';
import { minimalPdf } from './support/documents.js';
import { callHost } from './support/host-api.js';

test.describe.configure({ mode: 'serial' });

const shared = minimalPdf('Protocol v4, for all sites');
const internal = minimalPdf('IRB internal review notes');
const report = minimalPdf('Riverside enrolment report');

let host: RunningHost;
let dataDir: string;
let downloads: string;
let page: Page;
let sirb: ProfileInfo;
let site: ProfileInfo;
let containerId: string;

test.beforeAll(async ({ browser }) => {
  dataDir = await mkdtemp(join(tmpdir(), 'e2e-app-'));
  downloads = await mkdtemp(join(tmpdir(), 'e2e-downloads-'));
  host = await startHost(dataDir);
  page = await browser.newPage({ viewport: { width: 1360, height: 860 }, acceptDownloads: true });
  await signInContext(page.context(), host);
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  sirb = profiles.find((p) => p.roles.includes('sirb'))!;
  site = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
  expect(site.roles).toContain('psite');
});

test.afterAll(async () => {
  await page?.close();
  await host?.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(downloads, { recursive: true, force: true });
});

/** The sIRB's copy of the site's certificate, read independently of the app (node:crypto). */
function expectedThumbprint(profile: ProfileInfo): string {
  return profile.certificate.thumbprint.toLowerCase();
}

test('journey 1: the sIRB invites Riverside to a study, checks its certificate in Manage access and grants it one document', async () => {
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText(sirb.organizationName);
  containerId = await createStudy(page, 'Sharing study');
  await openStudy(page, containerId);
  await expect(page.getByTestId('file-list-empty')).toBeVisible();
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'protocol-v4.pdf', mimeType: 'application/pdf', buffer: shared },
    { name: 'irb-notes.pdf', mimeType: 'application/pdf', buffer: internal },
  ]);
  await uploadWithoutDescribing(page);
  await expect(page.getByTestId('transfers-tab-completed')).toHaveText(/Completed \(2\)/, { timeout: 30_000 });

  // Collaborators: the owner alone, then Riverside found by the start of its name and invited.
  await page.getByTestId('open-collaborators').click();
  const collaborators = page.getByTestId('collaborators-dialog');
  await expect(collaborators).toBeVisible();
  await expect(collaborators.getByTestId('collaborator-row')).toHaveCount(1);
  await expect(collaborators.getByTestId('collaborator-row').first()).toContainText(sirb.organizationName);
  await collaborators.getByTestId('invite-search').fill('River');
  const option = collaborators.getByTestId('invite-option').filter({ hasText: site.organizationName });
  await expect(option).toHaveCount(1);
  await expect(collaborators.getByTestId('invite-option').filter({ hasText: 'Lakeside University' })).toHaveCount(0);
  await option.click();
  await expect(collaborators.getByTestId('collaborators-status')).toHaveText(`${site.organizationName} was invited.`);
  const rows = collaborators.getByTestId('collaborator-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('owner');
  await expect(rows.nth(1)).toHaveAttribute('data-org-id', site.organizationId);
  await closeDialog(collaborators);

  // Manage access on the protocol: every organization of the study with a checkbox, the owner
  // first; Riverside's certificate only on request; one Share button.
  await fileRow(page, 'protocol-v4.pdf').click();
  await expect(page.getByTestId('details-name')).toHaveText('protocol-v4.pdf');
  await detailsAction(page, 'manage-access');
  const dialog = page.getByTestId('manage-access-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('access-entry')).toHaveCount(2);
  await expect(dialog.getByTestId('access-entry').first()).toHaveAttribute('data-org-id', sirb.organizationId);
  const siteEntry = dialog.locator(`[data-testid="access-entry"][data-org-id="${site.organizationId}"]`);
  await expect(siteEntry).toHaveAttribute('data-access', 'no');
  await expect(dialog.getByTestId('grantee-certificate')).toHaveCount(0);
  await siteEntry.getByTestId('show-certificate').click();
  const certificate = dialog.getByTestId('grantee-preview').getByTestId('grantee-certificate');
  await expect(certificate).toBeVisible();
  await expect(certificate.getByTestId('cert-subject')).toContainText(site.certificate.subject);
  await expect(certificate.getByTestId('cert-issuer')).not.toHaveText('—');
  await expect(certificate.getByTestId('cert-validity')).toContainText(' to ');
  await expect(certificate.getByTestId('cert-thumbprint')).toHaveText(expectedThumbprint(site));
  await expect(dialog.getByTestId('thumbprint-mismatch')).toHaveCount(0);
  await saveScreenshot(page, 'journey-7-1-grantee-certificate');
  await dialog.getByTestId('hide-certificate').click();
  await expect(dialog.getByTestId('grantee-preview')).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: site.organizationName }).check();
  await expect(dialog.getByTestId('share-hint')).toHaveText(
    `${site.organizationName} will be able to open this document.`,
  );
  await dialog.getByTestId('grant-button').click();
  await expect(dialog.getByTestId('access-results')).toContainText(`Shared with ${site.organizationName}`);
  await expect(dialog.getByTestId('access-result')).toHaveText(`${site.organizationName}: done for the item.`);
  await expect(siteEntry).toHaveAttribute('data-access', 'yes');
  await expect(siteEntry).toContainText('not opened yet');
  await expect(dialog.getByRole('checkbox', { name: site.organizationName })).toBeChecked();
  await expect(dialog.getByTestId('access-entry').first()).toHaveAttribute('data-org-id', sirb.organizationId);
  await closeDialog(dialog);
  await expect(page.getByTestId('detail-access')).toContainText(site.organizationName);
});

test('journey 2: the pSite sees only the granted document, downloads it byte-identical; its upload reaches the owner', async () => {
  await switchTo(page, site);
  await expect(page.getByTestId('active-role')).toHaveText('pSite');
  await openStudy(page, containerId);
  await expect(fileRow(page, 'protocol-v4.pdf')).toBeVisible();
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  await expect(fileRow(page, 'irb-notes.pdf')).toHaveCount(0);
  await fileRow(page, 'protocol-v4.pdf').click();
  await expect(page.getByTestId('details-name')).toHaveText('protocol-v4.pdf');
  expect((await savedBytes(page, downloads, 'protocol-v4.pdf')).equals(shared)).toBe(true);

  // Its own upload is shared with the study's owner without asking.
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'enrolment-report.pdf', mimeType: 'application/pdf', buffer: report });
  await uploadWithoutDescribing(page);
  await expect(fileRow(page, 'enrolment-report.pdf')).toBeVisible({ timeout: 30_000 });
  await fileRow(page, 'enrolment-report.pdf').click();
  await expect(page.getByTestId('detail-access')).toContainText(sirb.organizationName, { timeout: 30_000 });
  await expect(page.getByTestId('detail-access')).toContainText(site.organizationName);
  await saveScreenshot(page, 'journey-7-2-psite-view');

  // The sIRB refreshes its (cached) list and opens the site's document.
  await switchTo(page, sirb);
  await openStudy(page, containerId);
  await refreshStudy(page);
  await expect(fileRow(page, 'enrolment-report.pdf')).toBeVisible();
  await fileRow(page, 'enrolment-report.pdf').click();
  await expect(page.getByTestId('details-name')).toHaveText('enrolment-report.pdf');
  expect((await savedBytes(page, downloads, 'enrolment-report.pdf')).equals(report)).toBe(true);
});

test('journey 3: the sIRB revokes with confirmation; after the pSite refreshes the document is gone', async () => {
  await expect(page.getByTestId('active-organization')).toHaveText(sirb.organizationName);
  await fileRow(page, 'protocol-v4.pdf').click();
  await expect(page.getByTestId('details-name')).toHaveText('protocol-v4.pdf');
  await detailsAction(page, 'manage-access');
  const dialog = page.getByTestId('manage-access-dialog');
  const entry = dialog.locator(`[data-testid="access-entry"][data-org-id="${site.organizationId}"]`);
  await expect(entry).toBeVisible();
  await entry.getByTestId('revoke-button').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`Remove access for ${site.organizationName}?`);
  await expect(confirm).toContainText('will no longer be able to open this document');
  // Cancel first: nothing changes.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(entry).toBeVisible();
  await entry.getByTestId('revoke-button').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Remove access', exact: true }).click();
  await expect(dialog.getByTestId('access-result')).toHaveText(`${site.organizationName}: done for the item.`);
  await expect(dialog.getByTestId('access-results')).toContainText(`Removed access for ${site.organizationName}`);
  await expect(entry).toHaveAttribute('data-access', 'no');
  await expect(entry.getByTestId('revoke-button')).toHaveCount(0);
  await saveScreenshot(page, 'journey-7-3-revoked');
  await closeDialog(dialog);

  await switchTo(page, site);
  await openStudy(page, containerId);
  await refreshStudy(page);
  await expect(fileRow(page, 'protocol-v4.pdf')).toHaveCount(0);
  await expect(fileRow(page, 'enrolment-report.pdf')).toBeVisible();
  await saveScreenshot(page, 'journey-7-3-after-revoke');
});

test('journey 6: the activity log lists what the journeys did, filters it, and exports the same rows as CSV', async () => {
  const dialog = await openChromeDialog(page, 'activity');
  const rows = dialog.getByTestId('activity-row');
  // Newest first: the pSite's refresh is not an action; the revoke is the latest one.
  await expect(rows.first()).toHaveAttribute('data-action', 'revoke');
  const actions = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
  for (const a of ['create-study', 'upload', 'invite', 'grant', 'download', 'revoke']) expect(actions).toContain(a);
  expect(actions.filter((a) => a === 'upload')).toHaveLength(3);
  expect(actions.filter((a) => a === 'download')).toHaveLength(2);
  const grant = rows.and(dialog.locator('[data-action="grant"]'));
  const revoke = rows.and(dialog.locator('[data-action="revoke"]'));
  await expect(grant).toHaveCount(1);
  await expect(grant).toContainText(site.organizationName);
  await expect(grant).toContainText(sirb.name);
  await expect(revoke).toContainText(site.organizationName);
  await expect(grant.locator('td').nth(4)).toHaveText((await revoke.locator('td').nth(4).textContent())!);
  // The log should name a document the way its download rows do (by its file name). Soft, so the
  // export check below still runs: upload, grant and revoke rows show the opaque item path.
  await expect
    .soft(grant.locator('td').nth(4), 'the grant row names the document')
    .toHaveText('protocol-v4.pdf', { timeout: 2_000 });
  await expect
    .soft(revoke.locator('td').nth(4), 'the revoke row names the document')
    .toHaveText('protocol-v4.pdf', { timeout: 2_000 });
  const uploaded = await rows
    .and(dialog.locator('[data-action="upload"]'))
    .evaluateAll((els) => els.map((el) => el.querySelectorAll('td')[4]?.textContent));
  expect
    .soft(uploaded.sort(), 'the upload rows name the documents')
    .toEqual(['enrolment-report.pdf', 'irb-notes.pdf', 'protocol-v4.pdf']);
  await saveScreenshot(page, 'journey-7-6-activity');

  // Filters: by action, then by text.
  await dialog.getByTestId('activity-filter-action').selectOption('invite');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(site.organizationName);
  await dialog.getByTestId('activity-filter-action').selectOption('');
  await dialog.getByTestId('activity-filter-text').fill('Riverside');
  // The invitation, grant and revoke (organization) and the pSite's own upload and download (profile).
  await expect(rows).toHaveCount(5);
  await dialog.getByTestId('activity-filter-text').fill('enrolment-report');
  await expect.soft(rows, "the document's upload and download").toHaveCount(2, { timeout: 2_000 });
  await dialog.getByTestId('activity-filter-text').fill('');
  await expect(rows).toHaveCount(actions.length);

  // The export: the file's rows are the rows shown, in the same order.
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('activity-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = join(downloads, download.suggestedFilename());
  await download.saveAs(path);
  const records = csvRecords(await readFile(path, 'utf8'));
  expect(records).toHaveLength(actions.length);
  const shown = await rows.evaluateAll((els) =>
    els.map((el) => ({
      action: el.getAttribute('data-action'),
      cells: [...el.querySelectorAll('td')].map((td) => td.textContent ?? ''),
    })),
  );
  records.forEach((record, i) => {
    const row = shown[i]!;
    const [, profile, , study, item, organization, outcome] = row.cells;
    expect(record.action).toBe(row.action);
    expect(record.profile).toBe(profile);
    expect(record.study || '—').toBe(study);
    expect(record.item || '—').toBe(item);
    expect(record.organization || '—').toBe(organization);
    expect(record.ok).toBe(outcome === 'Done' ? 'true' : 'false');
    expect(Number.isNaN(Date.parse(record.time!))).toBe(false);
  });
  expect(
    records.some((r) => r.action === 'grant' && r.organization === site.organizationName && r.profile === sirb.name),
  ).toBe(true);
  await closeDialog(dialog);
});
