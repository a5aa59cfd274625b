// Journey 6's axe scans, for the states accessibility.spec.ts does not reach: files dragged over
// the window, a toast, the chrome's Menu open, Manage access previewing a grantee's certificate,
// a site's read-only Study details and the "changed since you opened them" conflict. Light and
// dark; no serious or critical violation, the rest printed.
import { expect, test } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import {
  closeDialog,
  createStudy,
  detailsAction,
  fileRow,
  openStudy,
  openStudyDetails,
  type ProfileInfo,
  uploadWithoutDescribing,
} from './support/app-page.js';
import { isBlocking, StateScans } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { dragOver, pageTransfer } from './support/drop.js';
import { callHost } from './support/host-api.js';

const TITLE = 'Accessibility states study';

test('axe: a drag over the window, a toast, the Menu, a certificate preview, read-only and conflicting Study details, light and dark', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  const scans = new StateScans(page);
  const scan = (name: string): Promise<void> => scans.scan(name);

  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  const irb = profiles.find((p) => p.name.endsWith('Sandbox IRB'))!;
  const site = profiles.find((p) => p.organizationName === 'Lakeside University')!;
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  const study = await createStudy(page, TITLE, { pi: 'Dr. Ada Reyes' });
  // A collaborator, so Manage access can preview its certificate and the site can read the details.
  await callHost(host, 'collaborators.add', { containerId: study, organizationId: site.organizationId });

  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    await callHost(host, 'profiles.switch', { profileId: irb.id });
    await callHost(host, 'settings.update', { theme });
    await page.reload();
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await openStudy(page, study);

    // A batch of uploads' toast (one file makes none), scanned while it is on screen: it goes by itself.
    const name = `letter-${theme}.pdf`;
    const pdf = (n: string) => ({ name: n, mimeType: 'application/pdf', buffer: minimalPdf(n) });
    await page.getByTestId('upload-input').setInputFiles([pdf(name), pdf(`annex-${theme}.pdf`)]);
    await uploadWithoutDescribing(page);
    const toast = page.getByTestId('toast');
    await expect(toast.first()).toBeVisible({ timeout: 30_000 });
    await scan('a toast on screen');
    expect(await toast.count(), 'the toast was still there when the scan ended').toBeGreaterThan(0);

    // Files dragged over the window: the list highlighted and the hint naming the study.
    const letter = await pageTransfer(page, [
      { name: 'dragged.pdf', mimeType: 'application/pdf', bytes: minimalPdf('Dragged') },
    ]);
    await dragOver(page.locator('.chrome'), letter);
    await expect(page.getByTestId('drop-hint')).toHaveText(`Drop to upload to “${TITLE}”`);
    await expect(page.getByTestId('file-drop-zone')).toHaveClass(/drop-active/);
    await scan('files dragged over the window');
    await page.evaluate(() => window.dispatchEvent(new DragEvent('dragleave', { relatedTarget: null })));
    await expect(page.getByTestId('drop-hint')).toHaveCount(0);
    await letter.dispose();

    // The chrome's Menu on its own (narrow enough that its entries fold into it).
    await page.setViewportSize({ width: 800, height: 600 });
    await page.getByTestId('chrome-more').click();
    await expect(page.getByRole('menu', { name: 'Menu' })).toBeVisible();
    await scan("the chrome's Menu open");
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu', { name: 'Menu' })).toHaveCount(0);
    await page.setViewportSize({ width: 1360, height: 860 });

    // Manage access with an organization ticked and its certificate shown on request.
    await fileRow(page, name).click();
    await detailsAction(page, 'manage-access');
    const manage = page.getByTestId('manage-access-dialog');
    await manage.getByRole('checkbox', { name: 'Lakeside University' }).check();
    await manage
      .locator('[data-testid="access-entry"]')
      .filter({ hasText: 'Lakeside University' })
      .getByTestId('show-certificate')
      .click();
    await expect(manage.getByTestId('grantee-certificate')).toBeVisible();
    await scan('Manage access with an organization ticked and its certificate shown');
    await closeDialog(manage);

    // Study details saved elsewhere while open: the conflict and its Reload / Overwrite.
    const details = await openStudyDetails(page);
    await callHost(host, 'containers.updateStudy', {
      containerId: study,
      title: TITLE,
      sponsor: `Sponsor saved elsewhere (${theme})`,
    });
    await details.getByTestId('study-pi-input').fill(`Dr. ${theme} here`);
    await details.getByTestId('study-form-save').click();
    await expect(details.getByTestId('study-changed')).toBeVisible();
    await scan('Study details changed since they were opened');
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    // The site: the same details, read-only.
    await callHost(host, 'profiles.switch', { profileId: site.id });
    await page.reload();
    await expect(page.getByTestId('active-organization')).toHaveText(site.organizationName);
    await openStudy(page, study);
    const readOnly = await openStudyDetails(page);
    await expect(readOnly.getByTestId('study-form-save')).toHaveCount(0);
    await scan("a site's read-only Study details");
    await saveScreenshot(page, `journey-6-axe-states-${theme}`);
    await page.keyboard.press('Escape');
    await expect(readOnly).toHaveCount(0);
  }

  const text = scans.report();
  console.log(text);
  expect(scans.states).toBe(12);
  expect(scans.findings.filter(isBlocking), text).toEqual([]);
});
