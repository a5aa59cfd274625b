// Issue 7, journeys 2 and 3 from the pSite's side, in one app with the sandbox's profiles: what the
// sIRB shares appears for the pSite and downloads byte-identical, what it does not share stays
// hidden; the pSite's own upload reaches the study's owner by itself; a revoke takes the document
// away at the pSite's next refresh. The sIRB's invite, grant and revoke go through the app's
// operations here (the same door the page calls); the Manage access and Collaborators dialogs
// that will make them clickable are issue 7's, still to come.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import { minimalPdf } from './support/documents.js';
import { callHost } from './support/host-api.js';

interface Profile {
  readonly id: string;
  readonly organizationId: string;
  readonly organizationName: string;
  readonly roles: readonly string[];
}

async function switchTo(page: Page, profile: Profile): Promise<void> {
  await page.getByTestId('profile-switcher').selectOption(profile.id);
  await expect(page.getByTestId('active-organization')).toHaveText(profile.organizationName);
}

async function openStudy(page: Page, containerId: string): Promise<void> {
  await page.locator(`[data-testid="study-row"][data-container-id="${containerId}"]`).click();
  await expect(page.getByTestId('file-list')).toBeVisible();
}

async function savedBytes(page: Page, dir: string, name: string): Promise<Buffer> {
  const downloading: Promise<Download> = page.waitForEvent('download');
  await page.getByTestId('details-save-as').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  const path = join(dir, `${Date.now()}-${name}`);
  await download.saveAs(path);
  return readFile(path);
}

const fileRow = (page: Page, name: string) => page.getByTestId('file-row').filter({ hasText: name });

test('a pSite sees only what the sIRB shared, downloads it byte-identical, its upload reaches the owner; a revoke removes it at the next refresh', async ({ page, host }) => {
  const downloads = await mkdtemp(join(tmpdir(), 'e2e-downloads-'));
  try {
    const profiles = await callHost<Profile[]>(host, 'profiles.list');
    const sirb = profiles.find((p) => p.roles.includes('sirb'))!;
    const site = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
    expect(site.roles).toContain('psite');

    const shared = minimalPdf('Protocol v4, for all sites');
    const internal = minimalPdf('IRB internal review notes');
    const report = minimalPdf('Riverside enrolment report');

    // The sIRB: a study with two documents, the pSite invited, one document granted to it.
    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText(sirb.organizationName);
    await page.getByTestId('new-study').click();
    await expect(page.getByTestId('study-row')).toHaveCount(1);
    const containerId = (await page.getByTestId('study-row').first().getAttribute('data-container-id'))!;
    await openStudy(page, containerId);
    await page.getByTestId('upload-input').setInputFiles([
      { name: 'protocol-v4.pdf', mimeType: 'application/pdf', buffer: shared },
      { name: 'irb-notes.pdf', mimeType: 'application/pdf', buffer: internal },
    ]);
    await expect(page.getByTestId('transfers-tab-completed')).toHaveText(/Completed \(2\)/, { timeout: 30_000 });
    const sharedPath = (await fileRow(page, 'protocol-v4.pdf').getAttribute('data-path'))!;
    await callHost(host, 'collaborators.add', { containerId, organizationId: site.organizationId });
    const granted = await callHost<{ ok: boolean }[]>(host, 'access.grant', { containerId, itemPaths: [sharedPath], organizationIds: [site.organizationId] });
    expect(granted.every((r) => r.ok)).toBe(true);

    // The pSite: the study is there, with the granted document only.
    await switchTo(page, site);
    await expect(page.getByTestId('active-role')).toHaveText('pSite');
    await openStudy(page, containerId);
    await expect(fileRow(page, 'protocol-v4.pdf')).toBeVisible();
    await expect(page.getByTestId('file-row')).toHaveCount(1);
    await expect(fileRow(page, 'irb-notes.pdf')).toHaveCount(0);
    await fileRow(page, 'protocol-v4.pdf').click();
    await expect(page.getByTestId('detail-file-name')).toHaveText('protocol-v4.pdf');
    expect((await savedBytes(page, downloads, 'protocol-v4.pdf')).equals(shared)).toBe(true);

    // Its own upload is shared with the study's owner without asking.
    await page.getByTestId('upload-input').setInputFiles({ name: 'enrolment-report.pdf', mimeType: 'application/pdf', buffer: report });
    await expect(page.getByTestId('transfers-tab-completed')).toHaveText(/Completed \(\d+\)/, { timeout: 30_000 });
    await expect(fileRow(page, 'enrolment-report.pdf')).toBeVisible({ timeout: 30_000 });
    await fileRow(page, 'enrolment-report.pdf').click();
    await expect(page.getByTestId('detail-access')).toContainText(sirb.organizationName, { timeout: 30_000 });
    await expect(page.getByTestId('detail-access')).toContainText(site.organizationName);
    await saveScreenshot(page, 'journey-7-2-psite-view');

    // The sIRB refreshes its (cached) list and opens the site's document.
    await switchTo(page, sirb);
    await openStudy(page, containerId);
    await page.getByTestId('refresh').click();
    await expect(fileRow(page, 'enrolment-report.pdf')).toBeVisible();
    await fileRow(page, 'enrolment-report.pdf').click();
    await expect(page.getByTestId('detail-file-name')).toHaveText('enrolment-report.pdf');
    expect((await savedBytes(page, downloads, 'enrolment-report.pdf')).equals(report)).toBe(true);

    // The sIRB revokes; the pSite's refresh (changes only) drops the document.
    const revoked = await callHost<{ ok: boolean }[]>(host, 'access.revoke', { containerId, itemPaths: [sharedPath], organizationIds: [site.organizationId] });
    expect(revoked.every((r) => r.ok)).toBe(true);
    await switchTo(page, site);
    await openStudy(page, containerId);
    await page.getByTestId('refresh').click();
    await expect(fileRow(page, 'protocol-v4.pdf')).toHaveCount(0);
    await expect(fileRow(page, 'enrolment-report.pdf')).toBeVisible();
    await saveScreenshot(page, 'journey-7-3-after-revoke');
  } finally {
    await rm(downloads, { recursive: true, force: true });
  }
});
