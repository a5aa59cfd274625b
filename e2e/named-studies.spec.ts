// Journeys 2 and 5 of issue 17: the sIRB creates a named study and invites a site, which sees it
// by its title; inviting and closing Collaborators… at once still lists the site in Manage access….
import { expect, test } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import {
  createStudy,
  detailsAction,
  fileRow,
  openStudy,
  openStudyDetails,
  type ProfileInfo,
  switchTo,
  uploadWithoutDescribing,
} from './support/app-page.js';
import { callHost } from './support/host-api.js';
import { minimalPdf } from './support/documents.js';

const TITLE = 'Protocol 2026-114: Sleep and Recovery';

test('journey 2: a named study with its investigator, a site invited sees it by its title', async ({ page, host }) => {
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  const site = profiles.find((p) => p.organizationName === 'Lakeside University')!;
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');

  // A title is required.
  await page.getByTestId('new-study').click();
  const form = page.getByTestId('new-study-dialog');
  await form.getByTestId('study-form-save').click();
  await expect(form.getByRole('alert')).toHaveText('Give the study a title.');
  await page.keyboard.press('Escape');

  const id = await createStudy(page, TITLE, { pi: 'Dr. Ada Reyes', protocol: '2026-114' });
  await expect(page).toHaveTitle(`${TITLE} — Study Exchange Desktop`);
  await expect(page.getByTestId('breadcrumbs')).toContainText(TITLE);
  // a new, empty study of its own offers to invite sites beside the drop hint
  await expect(page.getByTestId('file-list-empty').getByRole('paragraph')).toHaveText(
    'Drop documents here, or choose Upload…',
  );
  await expect(page.getByTestId('file-list-empty').getByRole('button', { name: 'Invite sites…' })).toBeVisible();
  // The record is not listed among the documents.
  await expect(page.getByTestId('file-row')).toHaveCount(0);

  await page.getByTestId('open-collaborators').click();
  const dialog = page.getByTestId('collaborators-dialog');
  await dialog.getByTestId('invite-search').fill('Lakeside');
  await dialog.getByTestId('invite-option').filter({ hasText: 'Lakeside University' }).click();
  await expect(dialog.getByTestId('collaborators-status')).toHaveText('Lakeside University was invited.');
  await page.keyboard.press('Escape');
  await saveScreenshot(page, 'journey-2-named-study');

  await switchTo(page, site);
  const row = page.locator(`[data-testid="study-row"][data-container-id="${id}"]`);
  await expect(row.getByTestId('study-title')).toHaveText(TITLE);
  await expect(row).toContainText('2026-114');
  await openStudy(page, id);
  await expect(page.getByTestId('breadcrumbs')).toContainText(TITLE);
  const details = await openStudyDetails(page);
  await expect(details.getByTestId('study-pi-input')).toHaveValue('Dr. Ada Reyes');
  await expect(details.getByTestId('study-form-save')).toHaveCount(0);
  await saveScreenshot(page, 'journey-2-site-sees-title');
});

test('journey 5: invite, close Collaborators… at once, and Manage access… lists the new collaborator', async ({
  page,
  host,
}) => {
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  const id = await createStudy(page, 'Close-at-once study');
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'protocol.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Protocol') });
  await uploadWithoutDescribing(page);
  await expect(fileRow(page, 'protocol.pdf')).toBeVisible({ timeout: 30_000 });
  // Manage access once first, so the study's collaborators are cached as they were.
  await fileRow(page, 'protocol.pdf').click();
  await detailsAction(page, 'manage-access');
  await expect(page.getByTestId('manage-access-dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // The invite reaches the exchange, but its answer is held until the dialog has closed: the
  // cache update must not depend on the dialog still being there.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/call/collaborators.add', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.getByTestId('open-collaborators').click();
  const dialog = page.getByTestId('collaborators-dialog');
  await dialog.getByTestId('invite-search').fill('Riverside');
  const sent = page.waitForRequest('**/api/call/collaborators.add');
  await dialog.getByTestId('invite-option').filter({ hasText: 'Riverside Medical Center' }).click();
  await sent;
  await page.keyboard.press('Escape'); // at once, before the answer
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(async () =>
      (await callHost<{ name: string }[]>(host, 'collaborators.list', { containerId: id })).map((o) => o.name),
    )
    .toContain('Riverside Medical Center');
  const answered = page.waitForResponse('**/api/call/collaborators.add');
  release();
  await answered;
  await page.unroute('**/api/call/collaborators.add');

  await detailsAction(page, 'manage-access');
  const manage = page.getByTestId('manage-access-dialog');
  await expect(manage).toContainText('Riverside Medical Center');
  await saveScreenshot(page, 'journey-5-manage-access-after-close');
});
