// The window as the sandbox's sIRB sees it at 1024×680 and 1280×800, light and dark: the folder
// tree's study title wraps under itself (not under the twisty), a dialog's empty status line takes
// no room (the binder's description follows its title), and axe passes in each state.
import { expect, test } from './host-fixture.js';
import { closeDialog, openStudy, showInTheme, toolbarAction, type ProfileInfo } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { StateScans, isBlocking } from './support/axe.js';
import { callHost } from './support/host-api.js';

const HEART = 'Protocol 2025-031: Heart Failure Telemonitoring';

test.setTimeout(240_000);

test('the tree root wraps under its title; an empty status line in a dialog takes no room; axe passes', async ({
  page,
  host,
}) => {
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  const sirb = profiles.find((p) => p.roles.includes('sirb'))!;
  await callHost(host, 'profiles.switch', { profileId: sirb.id });
  const heart = (await callHost<{ id: string; title: string }[]>(host, 'containers.list')).find(
    (s) => s.title === HEART,
  )!;
  await page.goto(host.url);
  const scans = new StateScans(page);
  const wrapped: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    scans.theme = theme;
    await showInTheme(page, host, theme);
    for (const size of [
      { width: 1024, height: 680 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await openStudy(page, heart.id);
      // The root's title takes two lines at these widths; each starts right of the twisty.
      const root = page.locator('.tree-item[aria-level="1"] > .tree-label');
      const { twistyRight, arrowInside, lines } = await root.evaluate((label) => {
        const twistyBox = label.querySelector('.twisty')!;
        const twisty = twistyBox.getBoundingClientRect();
        const arrow = document.createRange();
        arrow.selectNodeContents(twistyBox);
        const glyph = arrow.getBoundingClientRect();
        const rects: DOMRect[] = [];
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent?.trim() || n.parentElement?.closest('.visually-hidden, .twisty')) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
        }
        return {
          twistyRight: twisty.right,
          arrowInside: glyph.left >= twisty.left - 0.5 && glyph.right <= twisty.right + 0.5,
          lines: rects.map((r) => ({ left: r.left, top: r.top })),
        };
      });
      expect(arrowInside, 'the arrow lies in its box').toBe(true);
      if (new Set(lines.map((l) => Math.round(l.top))).size > 1) wrapped.push(`${theme} ${size.width}`);
      for (const line of lines)
        expect(line.left, `a line of the root's title starts at ${line.left}`).toBeGreaterThanOrEqual(
          twistyRight - 0.5,
        );
      await scans.scan(`the study's folders, ${size.width}`);

      // The binder: its empty status line is not a blank band between the title and the text.
      await toolbarAction(page, 'binder');
      const binder = page.getByTestId('binder-dialog');
      await expect(binder.getByTestId('binder-table')).toBeVisible();
      await expect(binder.getByTestId('binder-message')).toBeEmpty();
      expect((await binder.getByTestId('binder-message').boundingBox())?.height ?? 0).toBe(0);
      await scans.scan(`the binder, ${size.width}`);
      await saveScreenshot(page, `window-review-binder-${theme}-${size.width}`);
      await closeDialog(binder);
    }
  }
  expect(wrapped, 'the root title wrapped (so its second line was checked)').toContain('light 1024');
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking)).toEqual([]);
});
