// Drops from the desktop, two ways:
// - `dropPaths`: a real drag of files or folders on disk, through Chromium's own input pipeline
//   (CDP Input.dispatchDragEvent with file names), so the page sees what a desktop drop gives it,
//   folders included (webkitGetAsEntry returns directory entries).
// - `dropFiles`: dragenter/dragover/drop events dispatched in the page with a DataTransfer built
//   there from `new File([...])` (files only: a script-made DataTransfer cannot hold folders).
import type { JSHandle, Locator, Page } from '@playwright/test';

async function centerOf(target: Locator): Promise<{ x: number; y: number }> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('drop target is not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export async function dropPaths(page: Page, target: Locator, paths: readonly string[]): Promise<void> {
  const { x, y } = await centerOf(target);
  const cdp = await page.context().newCDPSession(page);
  try {
    const data = { items: [], files: [...paths], dragOperationsMask: 1 };
    await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', x, y, data });
    await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', x, y, data });
    await cdp.send('Input.dispatchDragEvent', { type: 'drop', x, y, data });
  } finally {
    await cdp.detach();
  }
}

export interface PageFile {
  readonly name: string;
  readonly mimeType: string;
  readonly bytes: Buffer;
}

/** A DataTransfer made in the page holding these files, as a desktop drag carries them. */
export async function pageTransfer(page: Page, files: readonly PageFile[]): Promise<JSHandle<DataTransfer>> {
  const payload = files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.bytes.toString('base64') }));
  return page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.mimeType }));
    }
    return dt;
  }, payload);
}

/** The drag enters the target and moves over it. */
export async function dragOver(target: Locator, transfer: JSHandle<DataTransfer>): Promise<void> {
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
}

/** Returns whether the target showed itself as a drop target (class drop-active) during dragover. */
export async function dropFiles(target: Locator, files: readonly PageFile[]): Promise<{ highlighted: boolean }> {
  const transfer = await pageTransfer(target.page(), files);
  await dragOver(target, transfer);
  // React re-renders after dragover; the highlighted element is the target or its row/list.
  const highlighted = await target.evaluate(async (el) => {
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    return !!el.closest('.drop-active') || !!el.querySelector('.drop-active') || el.classList.contains('drop-active');
  });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
  await transfer.dispose();
  return { highlighted };
}
