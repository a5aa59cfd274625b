// Layout checks for the journeys at a given window size: bars keep one row with every child inside
// them, and the file list's header row is not wider than the list (no column cut at its edge).
import { expect, type Locator, type Page } from '@playwright/test';

interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly what: string;
}

/** Every visible in-flow child of the bar lies inside it, and they all cross one horizontal line. */
export async function expectOneRowInside(bar: Locator): Promise<void> {
  const { outer, children } = await bar.evaluate((el) => {
    const box = (e: Element, what: string) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, what };
    };
    const visible = [...el.children].filter((c) => {
      const style = getComputedStyle(c);
      return style.position !== 'absolute' && style.position !== 'fixed' && c.getBoundingClientRect().width > 0;
    });
    return {
      outer: box(el, 'bar'),
      children: visible.map((c) =>
        box(c, `${c.tagName.toLowerCase()}.${c.className} ${c.textContent?.slice(0, 40) ?? ''}`),
      ),
    };
  });
  const label = (b: Box) =>
    `${b.what} [${Math.round(b.left)}–${Math.round(b.right)}] in bar [${Math.round(outer.left)}–${Math.round(outer.right)}]`;
  expect(children.length).toBeGreaterThan(0);
  for (const c of children) {
    expect(c.left, label(c)).toBeGreaterThanOrEqual(outer.left - 0.5);
    expect(c.right, label(c)).toBeLessThanOrEqual(outer.right + 0.5);
  }
  const lowestTop = Math.max(...children.map((c) => c.top));
  const highestBottom = Math.min(...children.map((c) => c.bottom));
  expect(lowestTop, JSON.stringify(children)).toBeLessThan(highestBottom);
  expect(outer.bottom - outer.top).toBeLessThan(56);
}

/** Nothing clipped: the chrome, the toolbar and the details pane's actions one row each, the list's header no wider than the list, no header cut. */
export async function expectNothingClipped(page: Page): Promise<void> {
  await expectOneRowInside(page.locator('.chrome'));
  await expectOneRowInside(page.getByRole('toolbar', { name: 'File actions' }));
  const header = page.locator('.file-row.header');
  const { scrollWidth, clientWidth, cut } = await header.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    cut: [...el.querySelectorAll('button')].filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent),
  }));
  expect(scrollWidth, 'the header row is wider than the list').toBeLessThanOrEqual(clientWidth);
  expect(cut, 'column headers cut').toEqual([]);
  const list = page.getByTestId('file-list');
  expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // The details pane's actions (when an item is selected) keep one row inside the pane too.
  const paneActions = page.locator('.details-actions');
  if (await paneActions.isVisible()) await expectOneRowInside(paneActions);
  const crumbs = page.getByTestId('breadcrumbs').locator('ol');
  expect(await crumbs.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** A 40-character name would show whole in this name cell (with room for the icon). */
export async function expectFortyCharactersFit(name: Locator): Promise<void> {
  expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
  const room = await name.evaluate((el) => (el.parentElement as HTMLElement).clientWidth);
  const forty = await name.evaluate((el) => {
    const probe = el.cloneNode() as HTMLElement;
    probe.textContent = 'Informed consent form - site 12 - v3.pdf'; // 40 characters
    probe.style.position = 'absolute';
    el.parentElement!.append(probe);
    const width = probe.scrollWidth;
    probe.remove();
    return width;
  });
  expect(forty + 30, `a 40-character name is ${forty} px; the Name cell has ${room}`).toBeLessThanOrEqual(room);
}

/** The element's text shows whole: its right edge does not pass the element's own (no "…"). */
export async function expectTextWhole(el: Locator): Promise<void> {
  const { text, box } = await el.evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return {
      text: range.getBoundingClientRect().right,
      box: e.getBoundingClientRect().right - parseFloat(getComputedStyle(e).paddingRight),
    };
  });
  expect(text, `${await el.textContent()} is cut`).toBeLessThanOrEqual(box + 0.5);
}

/** The dialog's box lies wholly inside the window. */
export async function fitsInWindow(page: Page, dialog: Locator): Promise<void> {
  const box = (await dialog.boundingBox())!;
  const view = page.viewportSize()!;
  const what = `${await dialog.getAttribute('data-testid')} at ${JSON.stringify(box)} in ${view.width}×${view.height}`;
  expect(box.x, what).toBeGreaterThanOrEqual(0);
  expect(box.y, what).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, what).toBeLessThanOrEqual(view.width);
  expect(box.y + box.height, what).toBeLessThanOrEqual(view.height);
}

/** The control is on top at its centre: nothing (a toast, a banner) lies over it. */
export async function expectUncovered(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const onTop = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && (hit === el || el.contains(hit))) return 'the control';
    return hit ? `${hit.tagName.toLowerCase()}.${hit.className} "${hit.textContent?.slice(0, 60) ?? ''}"` : 'nothing';
  });
  expect(onTop, `${await control.textContent()} is covered`).toBe('the control');
}

/** Toasts stack above the transfers dock: their region (even empty) ends over its top edge. */
export async function expectToastsAboveDock(page: Page): Promise<void> {
  const toastsBottom = await page.locator('.toasts').evaluate((el) => el.getBoundingClientRect().bottom);
  const dockTop = await page.getByTestId('transfers-panel').evaluate((el) => el.getBoundingClientRect().top);
  expect(toastsBottom, `toasts end at ${toastsBottom}, the dock starts at ${dockTop}`).toBeLessThanOrEqual(dockTop);
}

/**
 * The element's visual lines: the line boxes of its shown text (a closed disclosure's body is laid
 * out but not shown), rects that overlap vertically counted once (a button beside the text is on
 * the text's line).
 */
export async function visualLines(el: Locator): Promise<number> {
  return el.evaluate((e) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
    }
    rects.sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const r of rects) {
      if (r.top >= bottom - 1) {
        lines += 1;
        bottom = r.bottom;
      } else bottom = Math.max(bottom, r.bottom);
    }
    return lines;
  });
}

/** The text typed in the input shows whole: none of it scrolled out of sight. */
export async function expectInputWhole(input: Locator): Promise<void> {
  const { scroll, client, value } = await input.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    value: (el as HTMLInputElement).value,
  }));
  expect(scroll, `"${value}" is cut: ${scroll} px in ${client}`).toBeLessThanOrEqual(client);
}
