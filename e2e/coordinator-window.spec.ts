// Issue 38 as a coordinator sees the window, with a site's profile and long real names, at 1024×680
// and 1280×800, light and dark: the top bar fits every organization's name up to 60 characters
// (the picker names the organization, Find folds into an icon, nothing scrolls sideways); the two
// sandbox studies read apart without hovering (titles wrap to two lines and leave out the protocol
// number the line below shows, whole in the accessible name); the studies column is resized by
// keyboard and remembered; and axe passes with New items present, for the sIRB and a site.
import type { Page } from '@playwright/test';
import { expect, test, type RunningHost } from './host-fixture.js';
import { refreshStudy, settled, type ProfileInfo } from './support/app-page.js';
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

  const scans = new StateScans(page);
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
