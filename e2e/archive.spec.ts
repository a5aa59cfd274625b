// Issue 37 end to end through the browser host on its sandbox: the sIRB opens Export study… on the
// demo study, exports it (a download here), sees the progress end in the summary of what went in
// and what did not; the downloaded .zip, unpacked with unzip, passes its own verify.sh in a clean
// shell. Verify an archive… in the same dialog checks that zip from the window (every check
// passes) and a copy with one flipped byte (exactly that document's check fails). The dialog
// passes axe before and after the export and with the verify result, light and dark, at
// 1280×800 and 1024×680, and its controls are reached and used with the keyboard alone.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './host-fixture.js';
import { openStudy, settled, showInTheme, toolbarAction } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, StateScans } from './support/axe.js';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 680 },
] as const;

/** The test ids (or text) focus lands on, Tab after Tab, inside the dialog. */
async function tabStops(page: Page, presses: number): Promise<Set<string>> {
  const reached = new Set<string>();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(() => {
        const active = document.activeElement;
        if (!active?.closest('[data-testid="export-study"]')) return 'outside the dialog';
        return active.getAttribute('data-testid') ?? active.textContent ?? '';
      }),
    );
  }
  return reached;
}

/** Tabs until the control with this test id has focus (the dialog keeps Tab inside). */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** Records, from now on, every text the dialog's progress region shows (however briefly). */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const region = document.querySelector('[data-testid="export-progress"]');
      if (region?.textContent && seen[seen.length - 1] !== region.textContent) seen.push(region.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function scanBothSizes(page: Page, scans: StateScans, state: string, shot: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settled(page);
    await scans.scan(`${state}, ${size.width}×${size.height}`);
    await saveScreenshot(page, `archive-${shot}-${scans.theme}-${size.width}`);
  }
}

/** A copy of the zip with the first byte of its first document flipped; that document's name. */
async function flipFirstDocument(zip: string, work: string): Promise<{ flipped: string; name: string }> {
  const unpacked = join(work, 'to-flip');
  const unzip = spawnSync('unzip', ['-q', zip, '-d', unpacked], { encoding: 'utf8' });
  expect(unzip.status, unzip.stdout + unzip.stderr).toBe(0);
  const sums = await readFile(join(unpacked, 'SHA256SUMS'), 'utf8');
  const name = sums
    .split('\n')
    .map((l) => l.slice(l.indexOf('  ') + 2))
    .find((n) => n.startsWith('documents/'))!;
  const bytes = await readFile(join(unpacked, name));
  bytes[0] = bytes[0]! ^ 0x01;
  await writeFile(join(unpacked, name), bytes);
  const flipped = join(work, 'flipped.zip');
  expect(spawnSync('zip', ['-qrX', flipped, '.'], { cwd: unpacked }).status).toBe(0);
  return { flipped, name };
}

async function openExport(page: Page, containerId: string): Promise<Locator> {
  await openStudy(page, containerId);
  await toolbarAction(page, 'export-study');
  const dialog = page.getByTestId('export-study');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the sIRB exports the demo study by keyboard: progress, a summary, a zip whose verify.sh passes; axe in both themes and sizes', async ({
  page,
  host,
}) => {
  // two exports of the demo study, four verifies and twelve scans on a machine others share
  test.setTimeout(420_000);
  const work = await mkdtemp(join(tmpdir(), 'e2e-archive-'));
  try {
    await page.setViewportSize(SIZES[0]);
    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    const demo = page.getByTestId('study-row').first();
    await expect(demo.getByTestId('study-title')).toHaveText('Protocol 2025-031: Heart Failure Telemonitoring');
    const containerId = (await demo.getAttribute('data-container-id'))!;

    const scans = new StateScans(page);
    let zip: string | undefined;
    let flip: { flipped: string; name: string } | undefined;
    for (const theme of ['light', 'dark']) {
      scans.theme = theme;
      await showInTheme(page, host, theme);
      await page.setViewportSize(SIZES[0]);
      const dialog = await openExport(page, containerId);
      await scanBothSizes(page, scans, 'Export study, before', 'before');

      // the keyboard alone: focus starts inside, Tab reaches every control and stays in the dialog
      const before = await tabStops(page, 6);
      for (const id of ['export-only-mine', 'export-dismiss', 'export-start']) expect(before).toContain(id);
      expect(before).not.toContain('outside the dialog');

      await watchProgress(page);
      const downloading = page.waitForEvent('download');
      await tabTo(page, 'export-start');
      await page.keyboard.press('Enter');
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Protocol 2025-031_ Heart Failure Telemonitoring archive.zip');

      // the progress showed, and ended in the summary of what went in and what did not
      const summary = dialog.getByTestId('export-summary');
      await expect(summary).toContainText(/written: \d+ documents? \([^)]+\), \d+ sign-offs?\./);
      await expect(summary.getByTestId('export-left-out')).toBeVisible();
      await expect(dialog.getByTestId('export-progress')).toHaveCount(0);
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.join('\n')).toMatch(/Listing the study…|\d+ of \d+ documents/);
      // focus did not fall out of the dialog when its buttons changed: Close has it
      await expect(dialog.getByTestId('export-close')).toBeFocused();
      await scanBothSizes(page, scans, 'Export study, done', 'done');

      if (!zip) {
        zip = join(work, 'study.zip');
        await download.saveAs(zip);
      }
      // Verify an archive…: the downloaded zip passes every check from the window too
      const chooser = dialog.getByTestId('verify-archive');
      await chooser.setInputFiles(zip);
      const counts = dialog.getByTestId('verify-counts');
      await expect(counts).toHaveText(/^[1-9]\d* checks passed, 0 failed$/);
      const passed = Number((await counts.textContent())!.split(' ')[0]);
      await expect(dialog.getByTestId('verify-failures')).toHaveCount(0);
      // one flipped byte of one document: exactly its check fails, listed with its line
      flip ??= await flipFirstDocument(zip, work);
      const { flipped, name } = flip;
      await chooser.setInputFiles(flipped);
      await expect(counts).toHaveText(`${passed - 1} checks passed, 1 failed`);
      await expect(dialog.getByTestId('verify-failures').getByRole('listitem')).toHaveText([
        new RegExp(`^line \\d+ FAILED\\s+sha256 ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      ]);
      await scanBothSizes(page, scans, 'Verify an archive, one check failed', 'verified');

      const after = await tabStops(page, 6);
      expect(after).toContain('export-close');
      expect(after).toContain('verify-archive-pick');
      expect(after).not.toContain('outside the dialog');
      await tabTo(page, 'export-close');
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
    }
    console.log(scans.report());
    expect(scans.findings.filter(isBlocking)).toEqual([]);

    // as the inspector checks it: unzip, then verify.sh with sh in a clean environment
    const unpacked = join(work, 'unpacked');
    const unzip = spawnSync('unzip', ['-q', zip!, '-d', unpacked], { encoding: 'utf8' });
    expect(unzip.status, unzip.stderr).toBe(0);
    const verify = spawnSync('env', ['-i', 'PATH=/usr/bin:/bin', 'sh', 'verify.sh'], {
      cwd: unpacked,
      encoding: 'utf8',
    });
    expect(verify.stdout).toMatch(/^[1-9]\d* checks passed, 0 failed$/m);
    expect(verify.stdout).not.toMatch(/^FAILED/m);
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    expect(spawnSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: unpacked }).status).toBe(0);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
