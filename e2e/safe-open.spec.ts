// Issue 16: a collaborating site uploads documents whose names and types it chose. Double-click
// (Open) and drag-out hand a document to the system opener only when its extension is a
// document's and agrees with its media type; names are cleaned before anything is shown or
// written. Issue 27: formats that can carry code (macros, CSV formulas) open only after the
// window named the risk and the user chose Open anyway. A fake `xdg-open` first on PATH records
// every path the app hands to the opener.
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { openVerdict } from '../shared/open-rule.js';
import { signInContext, startHost, type RunningHost } from './host-fixture.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, StateScans } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { callHost } from './support/host-api.js';
import { uploadAs } from './support/hostile-upload.js';
import { fileRow } from './support/app-page.js';

const LAUNCHER = Buffer.from(
  '[Desktop Entry]\nType=Application\nName=Consent form\nExec=sh -c "echo pwned > /tmp/pwned-by-study-exchange"\n',
);
const LONG_NAME = `${'中'.repeat(100)}.pdf`;

const test = base.extend<{ work: string; openerLog: string; host: RunningHost }>({
  work: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'e2e-safe-open-'));
    await use(dir);
    await rm(dir, { recursive: true, force: true });
  },
  openerLog: async ({ work }, use) => use(join(work, 'opener.log')),
  host: async ({ work, openerLog, context }, use) => {
    const bin = join(work, 'bin');
    await mkdir(bin);
    // Records each argument on its own line (NUL-free: a name never holds one after cleaning).
    await writeFile(
      join(bin, 'xdg-open'),
      `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "${openerLog}"; done\n`,
    );
    await chmod(join(bin, 'xdg-open'), 0o755);
    const host = await startHost(join(work, 'data'), { PATH: `${bin}:${process.env.PATH ?? ''}` });
    await signInContext(context, host);
    await use(host);
    await host.stop();
  },
});

async function openerCalls(log: string): Promise<string[]> {
  return (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean);
}

test('a launcher named to look like a PDF is never opened; real documents are, under cleaned names', async ({
  page,
  host,
  work,
  openerLog,
}) => {
  const study = await callHost<{ id: string }>(host, 'containers.create', { title: 'Safe open study' });
  const profiles = await callHost<{ name: string; organizationId: string }[]>(host, 'profiles.list', {});
  const site = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
  await callHost(host, 'collaborators.add', { containerId: study.id, organizationId: site.organizationId });
  // The site's uploads, shared with the study's owner (the sIRB, the active profile in the page).
  const paths = await uploadAs(
    host.dataDir,
    'Riverside Medical Center',
    study.id,
    [
      { fileName: 'Consent form \u202Efdp.desktop', mediaType: 'application/pdf', bytes: LAUNCHER },
      { fileName: 'Consent\u202Efdp.exe', mediaType: 'application/pdf', bytes: LAUNCHER },
      { fileName: 'Site report.pdf', mediaType: 'application/x-desktop', bytes: LAUNCHER },
      { fileName: 'protocol.pdf', mediaType: 'application/pdf', bytes: minimalPdf('Protocol') },
      { fileName: LONG_NAME, mediaType: 'application/pdf', bytes: minimalPdf('Long name') },
    ],
    work,
    true,
  );
  expect(paths).toHaveLength(5);

  await page.goto(host.url);
  await page.locator(`[data-testid="study-row"][data-container-id="${study.id}"]`).click();
  const rows = page.getByTestId('file-row');
  await expect(rows).toHaveCount(5);
  // The list shows cleaned names: the override is gone, the real extension shows.
  for (const text of await rows.allTextContents()) expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/);
  const launcher = rows.filter({ hasText: 'Consent form fdp.desktop' });
  await expect(launcher).toHaveCount(1);

  // Double-click the launcher: a dialog names its real type; nothing reaches the opener.
  await launcher.dblclick();
  const dialog = page.getByTestId('blocked-open-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('blocked-real-type')).toHaveText('a Linux launcher (.desktop)');
  await expect(dialog.getByTestId('blocked-save-as')).toBeVisible();
  await saveScreenshot(page, 'safe-open-blocked');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await rows.filter({ hasText: 'Consentfdp.exe' }).dblclick();
  await expect(dialog.getByTestId('blocked-real-type')).toHaveText('a Windows program (.exe)');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await rows.filter({ hasText: 'Site report.pdf' }).dblclick();
  await expect(dialog.getByTestId('blocked-real-type')).toHaveText('a .pdf file declared as application/x-desktop');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Drag-out follows the same rule.
  const dragged = await callHost<{ kind: string }>(host, 'transfers.download', {
    containerId: study.id,
    itemPath: paths[0],
    mode: 'dragOut',
  });
  expect(dragged.kind).toBe('blocked');

  // A real PDF opens; so does one whose name was 600 bytes (ENAMETOOLONG before), cut to 200.
  await rows.filter({ hasText: 'protocol.pdf' }).dblclick();
  await expect(page.getByTestId('browser-status')).toContainText('Opened');
  await rows.filter({ hasText: '中中中' }).dblclick();
  await expect.poll(async () => (await openerCalls(openerLog)).length, { timeout: 20_000 }).toBe(2);

  const calls = await openerCalls(openerLog);
  for (const path of calls) {
    // eslint-disable-next-line no-control-regex
    expect(path).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/);
    expect(openVerdict(basename(path), 'application/pdf')).toEqual({ kind: 'open' });
    // Decrypted copies live only in the app's own folder.
    expect(path.startsWith(join(host.dataDir, 'open-copies'))).toBe(true);
  }
  expect(basename(calls[0]!)).toBe('protocol.pdf');
  expect(Buffer.byteLength(basename(calls[1]!))).toBeLessThanOrEqual(200);
  expect(basename(calls[1]!).endsWith('.pdf')).toBe(true);
  expect(await readFile(calls[0]!)).toEqual(minimalPdf('Protocol'));

  // "Show in folder" for the launcher: the opener gets its folder, never the file itself.
  await launcher.dblclick();
  await dialog.getByTestId('blocked-show-in-folder').click();
  await expect.poll(async () => (await openerCalls(openerLog)).length, { timeout: 20_000 }).toBe(3);
  const folder = (await openerCalls(openerLog))[2]!;
  expect((await stat(folder)).isDirectory()).toBe(true);
  expect(folder.startsWith(join(host.dataDir, 'open-copies'))).toBe(true);
  expect(await readdir(folder)).toEqual(['Consent form fdp.desktop']);
});

test('a workbook with macros or a CSV opens only after the window named the risk; Save as… keeps it instead', async ({
  page,
  host,
  work,
  openerLog,
}) => {
  const study = await callHost<{ id: string }>(host, 'containers.create', { title: 'Macro study' });
  const profiles = await callHost<{ name: string; organizationId: string }[]>(host, 'profiles.list', {});
  const site = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
  await callHost(host, 'collaborators.add', { containerId: study.id, organizationId: site.organizationId });
  const workbook = Buffer.from('PK\u0003\u0004 a workbook whose macros would run');
  const paths = await uploadAs(
    host.dataDir,
    'Riverside Medical Center',
    study.id,
    [
      { fileName: 'Site budget.xlsm', mediaType: 'application/vnd.ms-excel.sheet.macroEnabled.12', bytes: workbook },
      {
        fileName: 'Visit log.csv',
        mediaType: 'text/csv',
        bytes: Buffer.from('visit,result\n1,=HYPERLINK("http://example.invalid")\n'),
      },
    ],
    work,
    true,
  );

  // Main answers an open that does not carry the user's choice with the question; nothing is written or opened.
  const unconfirmed = await callHost<{ kind: string; realType: string }>(host, 'transfers.download', {
    containerId: study.id,
    itemPath: paths[0],
    mode: 'open',
  });
  expect(unconfirmed).toMatchObject({ kind: 'confirm', realType: 'an Excel workbook with macros (.xlsm)' });

  const scans = new StateScans(page);
  const dialog = page.getByTestId('open-risk-dialog');
  await page.goto(host.url);
  for (const theme of ['light', 'dark']) {
    scans.theme = theme;
    await callHost(host, 'settings.update', { theme });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.locator(`[data-testid="study-row"][data-container-id="${study.id}"]`).click();
    await fileRow(page, 'Site budget.xlsm').dblclick();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('open-risk-type')).toHaveText('an Excel workbook with macros (.xlsm)');
    await expect(dialog.getByTestId('open-risk-text')).toContainText('macros');
    await expect(dialog.getByTestId('open-risk-cancel')).toBeFocused();
    await scans.scan('open-risk dialog');
    if (theme === 'light') await saveScreenshot(page, 'open-risk-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  console.log(scans.report());
  expect(scans.findings.filter(isBlocking), scans.report()).toEqual([]);
  expect(await openerCalls(openerLog)).toEqual([]);

  // Save as… beside Open: the browser host offers the file as a download; still nothing opened.
  await fileRow(page, 'Visit log.csv').dblclick();
  await expect(dialog.getByTestId('open-risk-type')).toHaveText('a comma-separated table (.csv)');
  await expect(dialog.getByTestId('open-risk-text')).toContainText('formulas');
  const downloading = page.waitForEvent('download');
  await dialog.getByTestId('open-risk-save-as').click();
  expect((await downloading).suggestedFilename()).toBe('Visit log.csv');
  await expect(dialog).toHaveCount(0);
  expect(await openerCalls(openerLog)).toEqual([]);

  // Open anyway, reached by keyboard: the opener gets the decrypted copy.
  await fileRow(page, 'Site budget.xlsm').dblclick();
  await expect(dialog.getByTestId('open-risk-cancel')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByTestId('open-risk-open')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('browser-status')).toContainText('Opened');
  await expect.poll(async () => (await openerCalls(openerLog)).length, { timeout: 20_000 }).toBe(1);
  const [opened] = await openerCalls(openerLog);
  expect(basename(opened!)).toBe('Site budget.xlsm');
  expect(await readFile(opened!)).toEqual(workbook);
});
