// Issue 38 as a coordinator sees the window, with a site's profile and long real names, at 1024×680
// and 1280×800, light and dark: the top bar fits every organization's name up to 60 characters
// (the picker names the organization, Find folds into an icon, nothing scrolls sideways); the two
// sandbox studies read apart without hovering (titles wrap to two lines and leave out the protocol
// number the line below shows, whole in the accessible name); the studies column is resized by
// keyboard and remembered; and axe passes with New items present, for the sIRB and a site.
import type { Page } from '@playwright/test';
import { expect, test, type RunningHost } from './host-fixture.js';
import {
  closeDialog,
  createStudy,
  detailsAction,
  fileRow,
  openStudy,
  refreshStudy,
  settled,
  switchTo,
  toolbarAction,
  type ProfileInfo,
} from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { StateScans, isBlocking } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { callHost, uploadVerified } from './support/host-api.js';
import { expectOneRowInside } from './support/layout.js';

const HEART = 'Protocol 2025-031: Heart Failure Telemonitoring';
const ASTHMA = 'Protocol 2026-007: Pediatric Asthma Inhaler Adherence';
/** 60 characters: the longest organization name the bar is made for. */
const LONG_NAME = 'Northern Regional Children and Family Hospital Network Trust';

const sizes = [
  { width: 1024, height: 680 },
  { width: 1280, height: 800 },
] as const;

/** The text a study row shows (without what only a screen reader hears). */
const shownTitle = (page: Page, title: string) =>
  page
    .getByTestId('study-title')
    .filter({ hasText: title })
    .evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.visually-hidden').forEach((h) => h.remove());
      return { text: copy.textContent, whole: el.scrollHeight <= el.clientHeight + 1 };
    });

async function showProfile(page: Page, host: RunningHost, profile: ProfileInfo, organization: string): Promise<void> {
  await callHost(host, 'profiles.switch', { profileId: profile.id });
  await page.reload();
  await expect(page.getByTestId('active-organization')).toHaveText(organization);
  await expect(page.getByTestId('study-row').filter({ hasText: HEART })).toBeVisible();
  await settled(page);
}

/** The chrome keeps one row inside the window with Changes and its Menu whole; the page never scrolls sideways. */
async function expectChromeFits(page: Page, width: number): Promise<void> {
  await expectOneRowInside(page.locator('.chrome'));
  for (const id of ['open-changes', width < 1200 ? 'find-open' : 'find-input']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x + box.width, id).toBeLessThanOrEqual(width);
  }
  const menu = page.getByTestId('chrome-more').or(page.getByTestId('open-settings'));
  expect(((await menu.first().boundingBox())?.x ?? width) + 10).toBeLessThanOrEqual(width);
  const sideways = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    body: document.body.scrollWidth - document.body.clientWidth,
  }));
  expect(sideways).toEqual({ page: 0, body: 0 });
}

test.setTimeout(420_000);

test('a site and a 60-character name: the top bar fits, the studies read apart, axe passes with New items', async ({
  page,
  host,
}) => {
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  const sirb = profiles.find((p) => p.roles.includes('sirb'))!;
  const riverside = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
  const lakeside = profiles.find((p) => p.organizationName === 'Lakeside University')!;
  // A profile whose organization's name is 60 characters (the window names a profile's organization from it).
  await callHost(host, 'profiles.update', { profileId: lakeside.id, name: LONG_NAME });
  const studies = await callHost<{ id: string; title: string }[]>(host, 'containers.list');
  const heart = studies.find((s) => s.title === HEART)!;

  await page.setViewportSize(sizes[0]);
  await page.goto(host.url);
  // Riverside's first listing, then the sIRB shares a new document with it: New for the site too.
  await showProfile(page, host, riverside, 'Riverside Medical Center');
  await page.getByTestId('study-row').filter({ hasText: HEART }).click();
  await expect(page.getByTestId('file-list')).toBeVisible();
  await refreshStudy(page);
  await callHost(host, 'profiles.switch', { profileId: sirb.id });
  const amendment = await uploadVerified(host, heart.id, 'Protocol', 'amendment-3.pdf', minimalPdf('Amendment 3'));
  await callHost(host, 'access.grant', {
    containerId: heart.id,
    itemPaths: [amendment],
    organizationIds: [riverside.organizationId],
  });
  await showProfile(page, host, riverside, 'Riverside Medical Center');
  await page.getByTestId('study-row').filter({ hasText: HEART }).click();
  await refreshStudy(page);
  await expect(page.getByTestId('study-new-count')).toHaveText('1 new');

  const scans = new StateScans(page, { nameMismatch: true });
  for (const theme of ['light', 'dark'] as const) {
    scans.theme = theme;
    await callHost(host, 'settings.update', { theme });
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const [profile, organization] of [
        [sirb, 'Sandbox IRB'],
        [riverside, 'Riverside Medical Center'],
        [lakeside, LONG_NAME],
      ] as const) {
        await showProfile(page, host, profile, organization);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const state = `${organization.length} characters, ${size.width}`;
        await expectChromeFits(page, size.width);
        // the picker names the organization; its whole name is its tooltip
        await expect(page.getByTestId('profile-switcher')).toHaveAttribute('title', new RegExp(`^${organization}`));
        await expect(page.getByTestId('active-environment')).toHaveText('sandbox');

        // The two studies read apart without hovering: different words, each whole in two lines at most,
        // the protocol number once (on the line below), and the whole title in the row's name.
        // (Lakeside is in the first study only.)
        expect(await shownTitle(page, HEART)).toEqual({ text: 'Heart Failure Telemonitoring', whole: true });
        await expect(page.getByRole('option', { name: new RegExp(`^${HEART}`) })).toContainText('2025-031');
        if (profile !== lakeside) {
          expect(await shownTitle(page, ASTHMA)).toEqual({ text: 'Pediatric Asthma Inhaler Adherence', whole: true });
          await expect(page.getByRole('option', { name: new RegExp(`^${ASTHMA}`) })).toContainText('2026-007');
        }

        if (profile !== lakeside) {
          await expect(page.getByTestId('study-new-count')).toHaveText('1 new');
          await expect(page.getByTestId('open-changes')).toHaveAccessibleName('Changes 1 new');
          await scans.scan(`${organization} with a New item, ${size.width}`);
        }
        if (size.width === 1024 && profile !== sirb) {
          // Find is an icon here; it opens a box that fits the window
          await page.getByTestId('find-open').click();
          await expect(page.getByTestId('find-input')).toBeFocused();
          await page.getByTestId('find-input').fill('consent');
          await expect(page.getByTestId('find-hit').first()).toBeVisible();
          const popup = (await page.locator('.find-popup').boundingBox())!;
          expect(popup.x).toBeGreaterThanOrEqual(0);
          expect(popup.x + popup.width).toBeLessThanOrEqual(size.width);
          if (profile === riverside) await scans.scan(`Find unfolded, ${state}`);
          await saveScreenshot(page, `coordinator-find-${theme}-${state.replace(/\W+/g, '-')}`);
          await page.getByTestId('find-input').fill('');
          await page.keyboard.press('Escape');
          await expect(page.getByTestId('find-input')).toHaveCount(0);
          await expect(page.getByTestId('find-open')).toBeFocused();
        }
        await saveScreenshot(page, `coordinator-chrome-${theme}-${state.replace(/\W+/g, '-')}`);
      }
    }
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);

  // The studies column: wider by keyboard, and still so after a reload.
  await page.setViewportSize(sizes[0]);
  await page.reload();
  const handle = page.getByTestId('sidebar-resizer');
  const before = (await page.getByTestId('studies-sidebar').boundingBox())!.width;
  await handle.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(handle).toHaveAttribute('aria-valuenow', String(Math.round(before) + 50));
  await page.reload();
  await expect
    .poll(async () => Math.round((await page.getByTestId('studies-sidebar').boundingBox())!.width))
    .toBe(Math.round(before) + 50);
  await expectChromeFits(page, sizes[0].width);
});

test('the details pane follows a share at once; a site sees the sIRB document read-only, offered nothing it cannot do', async ({
  page,
  host,
}) => {
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  const riverside = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
  const heart = (await callHost<{ id: string; title: string }[]>(host, 'containers.list')).find(
    (s) => s.title === HEART,
  )!;
  await uploadVerified(host, heart.id, 'Protocol', 'amendment-4.pdf', minimalPdf('Amendment 4'));
  await page.setViewportSize(sizes[0]);
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
  await openStudy(page, heart.id);
  await fileRow(page, 'Protocol').dblclick();
  await fileRow(page, 'amendment-4.pdf').click();
  // At 1024 with the details pane closed, in a subfolder: the selection's actions stay on the
  // toolbar, and Upload folder… has folded into the menu beside Upload… instead.
  await expect(page.getByTestId('details-pane')).toHaveCount(0);
  await settled(page);
  for (const id of ['selection-open', 'selection-save-as', 'selection-manage-access', 'upload-button', 'upload-more'])
    await expect(page.getByTestId(id), id).toBeVisible();
  await expect(page.getByTestId('upload-folder-button')).toHaveCount(0);
  await expectOneRowInside(page.getByRole('toolbar', { name: 'File actions' }));
  await page.getByTestId('upload-more').click();
  await expect(page.getByTestId('menu-upload-folder')).toHaveText('Upload folder…');
  await page.keyboard.press('Escape');
  await saveScreenshot(page, 'coordinator-toolbar-selection-1024');

  await toolbarAction(page, 'toggle-details');
  await expect(page.getByTestId('details-pane')).toBeVisible();
  const delivery = page.getByTestId('delivery-summary');
  await expect(delivery).toHaveText('Not shared with any other organization');

  // Share with everyone: the pane says so while the row stays selected (no reselecting).
  await detailsAction(page, 'manage-access');
  const dialog = page.getByTestId('manage-access-dialog');
  await expect(dialog.getByTestId('access-entry')).toHaveCount(3);
  // plain words: one Share for the ticked organizations, no Revoke, no encryption words
  await expect(dialog).not.toContainText(/Revoke|Grant|wrap|thumbprint/);
  await dialog.getByTestId('share-with-study').click();
  await expect(dialog.getByTestId('share-hint')).toHaveText(
    'Lakeside University and Riverside Medical Center will be able to open this document.',
  );
  await saveScreenshot(page, 'coordinator-share-ticked-1024');
  await dialog.getByTestId('grant-button').click();
  // the toast says what happened to whom
  await expect(page.getByTestId('toast').filter({ hasText: 'Shared with' }).first()).toContainText(
    'Shared with Lakeside University and Riverside Medical Center',
  );
  await expect(dialog.locator('[data-testid="access-entry"][data-access="yes"]')).toHaveCount(2);
  await expect(dialog.getByTestId('revoke-button').first()).toHaveText('Remove access…');
  await closeDialog(dialog);
  await expect(delivery).toHaveText('Received by 0 of 2 organizations with access');
  await expect(page.getByTestId('delivery-org')).toHaveCount(2);

  // Riverside: the sIRB's document shows who has access, read-only, and who can change it.
  await switchTo(page, riverside);
  await openStudy(page, heart.id);
  await refreshStudy(page);
  const crumbsRoot = page.getByTestId('breadcrumbs').locator('li.crumb-root button');
  if (await crumbsRoot.isVisible()) await crumbsRoot.click();
  await fileRow(page, 'Protocol').dblclick();
  await fileRow(page, 'amendment-4.pdf').click({ button: 'right' });
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Who has access…' })).toBeVisible();
  for (const owners of ['Lock with a new key…', 'Delete…', 'Manage access…'])
    await expect(menu.getByRole('menuitem', { name: owners })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await fileRow(page, 'amendment-4.pdf').click();
  const whoHasAccess = page.getByTestId('selection-manage-access').or(page.getByTestId('details-manage-access'));
  await expect(whoHasAccess.first()).toHaveText('Who has access…');
  await whoHasAccess.first().click();
  await expect(dialog.getByRole('heading', { name: 'Who has access: amendment-4.pdf' })).toBeVisible();
  await expect(dialog.getByTestId('access-read-only')).toHaveText(
    'Only Sandbox IRB, the owner, can change who has access.',
  );
  await expect(dialog.getByTestId('access-entry')).toHaveCount(3);
  for (const id of ['update-button', 'revoke-button', 'grant-button', 'show-certificate', 'share-with-study'])
    await expect(dialog.getByTestId(id)).toHaveCount(0);
  const scans = new StateScans(page);
  await scans.scan('a site reads who has access');
  await saveScreenshot(page, 'coordinator-read-only-access-1024');
  await closeDialog(dialog);
  // The Delete key on it says who can delete it; nothing is asked or sent.
  await fileRow(page, 'amendment-4.pdf').click();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(page.locator('.status-line')).toContainText('Only the organization that owns a document can delete it.');
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);
});

test('first run: a welcome says what the sandbox is and shows what Riverside sent; a new study offers Invite sites', async ({
  page,
  host,
}) => {
  const scans = new StateScans(page);
  for (const theme of ['light', 'dark'] as const) {
    scans.theme = theme;
    await callHost(host, 'settings.update', { theme });
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.goto(host.url);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const welcome = page.getByTestId('welcome');
      await expect(welcome.getByTestId('welcome-sandbox')).toContainText('practice exchange on this computer');
      await expect(welcome.getByTestId('welcome-arrival')).toContainText(
        '1 new document from Riverside Medical Center',
      );
      await expect(page.getByTestId('study-new-count')).toHaveText('1 new');
      await expectChromeFits(page, size.width);
      await scans.scan(`welcome with a New item, ${size.width}`);
      await saveScreenshot(page, `coordinator-welcome-${theme}-${size.width}`);
    }
  }
  // "Show" opens the study at the document, selected.
  await page.getByRole('button', { name: 'Show 1 new document from Riverside Medical Center' }).click();
  const selected = page.locator('[data-testid="file-row"][aria-selected="true"]');
  await expect(selected).toHaveCount(1);
  await expect(selected).toHaveAttribute('data-new', 'true');

  // A new study, empty: Invite sites… opens its collaborators.
  await createStudy(page, 'Protocol 2026-114: Sleep and Recovery in Adolescents After Surgery', {
    protocol: '2026-114',
  });
  await expect(page.getByTestId('file-list-empty')).toBeVisible();
  await scans.scan('a new, empty study');
  await saveScreenshot(page, 'coordinator-empty-study');
  await page.getByTestId('invite-sites').click();
  await expect(page.getByTestId('collaborators-dialog')).toBeVisible();
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);
});
