// Issue 35 end to end with two windows on one exchange: the sIRB builds the study's expected
// documents from the sIRB reliance template; the site (Riverside) sees what is expected of it,
// drops its PI's CV onto that missing item with an expiry 20 days ahead, and the sIRB's binder
// turns that cell to "expiring in 20 days" (with the desktop notification, notifications on). The
// site's local context review stays missing and turns overdue once its due date passes: the
// site's host is started again with its test clock 6 days ahead (electron/core/host/test-clock.ts).
// axe finds nothing serious in the binder, the checklist editor and the expiring view, in both
// themes, at 1280 and 1024.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { addDays, calendarDay } from '../shared/binder/calendar-date.js';
import { loadTrustedCas } from '../server/store/sqlite/trust-store.js';
import { expect, signInContext, startHost, test, type RunningHost } from './host-fixture.js';
import { closeDialog, fileRow, openStudy, settled, showInTheme, toolbarAction } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, scanState } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { dropFiles } from './support/drop.js';
import { callHost } from './support/host-api.js';
import { recordedNotifications } from './support/notifications.js';
import { openOrganizationWindow } from './support/organization-window.js';
import { serveNewSandbox, type SandboxOrganization, type ServingExchange } from './support/reference-server.js';

test.describe.configure({ mode: 'serial' });
// each journey scans four states (two themes, two widths) on a machine the other tests share
test.setTimeout(600_000);
// a step that cannot act fails within a minute rather than at the journey's timeout
test.use({ actionTimeout: 60_000 });

interface Window {
  host: RunningHost;
  readonly context: BrowserContext;
  page: Page;
  readonly org: SandboxOrganization;
  readonly dataDir: string;
}

let work: string;
let exchange: ServingExchange;
let anchors: string[];
let sirb: Window;
let site: Window;
let containerId: string;
const today = calendarDay(new Date());

/** `org`'s window on a browser host of its own (trusting the exchange's CA), notifications recorded. */
async function openWindow(browser: Browser, name: string, org: SandboxOrganization): Promise<Window> {
  const w = await openOrganizationWindow(browser, {
    work,
    name,
    org,
    exchangeUrl: exchange.url,
    anchors,
    viewport: { width: 1280, height: 800 },
    recordNotifications: true,
  });
  return { host: w.host, context: w.context, page: w.page, org, dataDir: w.dataDir };
}

async function notificationTexts(page: Page): Promise<string[]> {
  return (await recordedNotifications(page)).map((n) => `${n.title} ${n.body ?? ''}`);
}

async function openBinder(page: Page): Promise<Locator> {
  // a binder still open from the step before is closed first: it covers the studies list
  const open = page.getByTestId('binder-dialog');
  if (await open.isVisible()) await closeDialog(open);
  await openStudy(page, containerId);
  await toolbarAction(page, 'binder');
  const dialog = page.getByTestId('binder-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

const binderCell = (dialog: Locator, itemId: string, orgId: string): Locator =>
  dialog.locator(`[data-testid="binder-row"][data-item="${itemId}"] [data-testid="binder-cell"][data-org="${orgId}"]`);

/** No serious or critical axe finding in `state`, at 1280 and 1024, light and dark; `open` shows it again after each reload. */
async function scanEverywhere(w: Window, state: string, open: () => Promise<void>): Promise<void> {
  for (const theme of ['light', 'dark'] as const)
    for (const width of [1280, 1024]) {
      await w.page.setViewportSize({ width, height: width === 1280 ? 800 : 680 });
      await showInTheme(w.page, w.host, theme);
      await open();
      await settled(w.page);
      await saveScreenshot(w.page, `binder-${state}-${width}-${theme}`);
      expect((await scanState(w.page, `${state} ${width} ${theme}`)).filter(isBlocking)).toEqual([]);
    }
  await w.page.setViewportSize({ width: 1280, height: 800 });
}

test.beforeAll(async ({ browser }, info) => {
  info.setTimeout(600_000);
  work = await mkdtemp(join(tmpdir(), 'e2e-binder-'));
  const sandbox = await serveNewSandbox(join(work, 'exchange'), join(work, 'keys'));
  exchange = sandbox.exchange;
  anchors = loadTrustedCas(join(work, 'exchange'));
  const byName = (name: string) => sandbox.orgs.find((o) => o.name === name)!;
  sirb = await openWindow(
    browser,
    'sirb',
    sandbox.orgs.find((o) => o.role === 'sirb')!,
  );
  site = await openWindow(browser, 'site', byName('Riverside Medical Center'));
  containerId = (await callHost<{ id: string }>(sirb.host, 'containers.create', { title: 'Protocol 2026-035' })).id;
  for (const o of [site.org, byName('Lakeside University')])
    await callHost(sirb.host, 'collaborators.add', { containerId, organizationId: o.id });
  await callHost(site.host, 'changes.refresh');
});

test.afterAll(async () => {
  for (const w of [sirb, site]) {
    await w?.context.close();
    await w?.host.stop();
  }
  await exchange?.stop();
  await rm(work, { recursive: true, force: true });
});

test('the sIRB builds the expected documents from the reliance template, with a due date', async () => {
  const binder = await openBinder(sirb.page);
  await expect(binder.getByTestId('binder-empty')).toBeVisible();
  await binder.getByTestId('binder-edit').click();
  const editor = sirb.page.getByTestId('checklist-dialog');
  await editor.getByTestId('checklist-template').selectOption('sirb-reliance');
  await editor.getByTestId('checklist-use-template').click();
  await expect(editor.getByTestId('checklist-item')).toHaveCount(8);
  const localContext = editor.locator('[data-testid="checklist-item"][data-id="local-context"]');
  await localContext.getByTestId('item-due').fill(addDays(today, 5));
  await scanEverywhere(sirb, 'checklist-editor', async () => {
    if (!(await sirb.page.getByTestId('checklist-dialog').isVisible())) {
      await openBinder(sirb.page);
      await sirb.page.getByTestId('binder-edit').click();
      await sirb.page.getByTestId('checklist-use-template').click();
    }
  });
  // the scans reloaded the page: the template again, the due date again, then Save
  const again = sirb.page.getByTestId('checklist-dialog');
  await again
    .locator('[data-testid="checklist-item"][data-id="local-context"]')
    .getByTestId('item-due')
    .fill(addDays(today, 5));
  await again.getByTestId('checklist-save').click();
  const saved = sirb.page.getByTestId('binder-dialog');
  await expect(saved.getByTestId('binder-row')).toHaveCount(8);
  await expect(binderCell(saved, 'pi-cv', site.org.id)).toHaveText(/^missing/);
  await expect(binderCell(saved, 'local-context', site.org.id)).toContainText('missing, due');
});

test('the site sees what is expected of it and drops its CV onto the missing item, expiring in 20 days', async () => {
  const binder = await openBinder(site.page);
  await expect(binder.getByTestId('binder-org')).toHaveCount(1);
  await expect(binder.getByTestId('binder-row')).toHaveCount(8);
  const cv = binderCell(binder, 'pi-cv', site.org.id);
  await expect(cv).toHaveText(/^missing/);
  await dropFiles(cv.getByTestId('binder-drop'), [
    { name: 'cv-dr-reyes.pdf', mimeType: 'application/pdf', bytes: minimalPdf('CV of Dr Reyes') },
  ]);
  const upload = site.page.getByTestId('expected-upload');
  await expect(upload).toContainText('will be uploaded as Curriculum vitae and shared with the study’s owner');
  // the item needs an expiry: Upload waits for it
  await expect(upload.getByTestId('expected-upload-send')).toBeDisabled();
  await upload.getByTestId('describe-expires').fill(addDays(today, 20));
  await upload.getByTestId('describe-person').fill('Dr Reyes');
  await upload.getByTestId('expected-upload-send').click();
  await expect(upload).toHaveCount(0);
  await expect(binder.getByTestId('binder-message')).toContainText('shared with the study’s owner');
  await expect
    .poll(async () => {
      const view = await callHost<{ cells: { itemId: string; status: string }[] }>(site.host, 'binder.status', {
        containerId,
      });
      return view.cells.find((c) => c.itemId === 'pi-cv')?.status;
    })
    .toBe('expiring');
  await closeDialog(binder);
  const again = await openBinder(site.page);
  await expect(binderCell(again, 'pi-cv', site.org.id)).toContainText('expiring in 20 days');
  await expect(binderCell(again, 'pi-cv', site.org.id)).toContainText('cv-dr-reyes.pdf');
  await saveScreenshot(site.page, 'binder-site-column');
});

test('Upload… asks what the chosen files are; a dropped batch is not asked, and is typed afterwards with Describe…', async () => {
  const page = site.page;
  await closeDialog(page.getByTestId('binder-dialog'));
  await page.getByTestId('upload-input').setInputFiles({
    name: 'gcp-reyes.pdf',
    mimeType: 'application/pdf',
    buffer: minimalPdf('GCP certificate of Dr Reyes'),
  });
  const ask = page.getByTestId('upload-describe');
  await expect(ask).toContainText('gcp-reyes.pdf');
  await expect(ask.getByTestId('upload-describe-send')).toBeDisabled();
  await ask.getByTestId('upload-describe-type-search').fill('gcp');
  await ask.getByTestId('upload-describe-type-list').selectOption('gcp-training');
  await ask.getByTestId('describe-expires').fill(addDays(today, 200));
  await ask.getByTestId('describe-person').fill('Dr Reyes');
  await scanEverywhere(site, 'upload-describe', async () => {
    if (await page.getByTestId('upload-describe').isVisible()) return;
    await openStudy(page, containerId);
    await page.getByTestId('upload-input').setInputFiles({
      name: 'gcp-reyes.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('GCP certificate of Dr Reyes'),
    });
  });
  // the scans reloaded the page: the same answers again, then Upload
  const again = page.getByTestId('upload-describe');
  await again.getByTestId('upload-describe-type-list').selectOption('gcp-training');
  await again.getByTestId('describe-expires').fill(addDays(today, 200));
  await again.getByTestId('describe-person').fill('Dr Reyes');
  await again.getByTestId('upload-describe-send').click();
  await expect(again).toHaveCount(0);
  await expect(fileRow(page, 'gcp-reyes.pdf').getByTestId('type-cell')).toHaveText('GCP training certificate', {
    timeout: 30_000,
  });
  // typed as the checklist expects from this site: it fills the site's GCP training item
  await expect
    .poll(async () => {
      const view = await callHost<{ cells: { itemId: string; status: string; document?: { name: string } }[] }>(
        site.host,
        'binder.status',
        { containerId },
      );
      const cell = view.cells.find((c) => c.itemId === 'gcp-training');
      return `${cell?.status} ${cell?.document?.name ?? ''}`;
    })
    .toBe('received gcp-reyes.pdf');

  // two files dropped on the list: no question, they upload at once, untyped
  await dropFiles(page.getByTestId('file-drop-zone'), [
    { name: 'monitoring-a.pdf', mimeType: 'application/pdf', bytes: minimalPdf('Visit A') },
    { name: 'monitoring-b.pdf', mimeType: 'application/pdf', bytes: minimalPdf('Visit B') },
  ]);
  await expect(fileRow(page, 'monitoring-b.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(fileRow(page, 'monitoring-a.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('upload-describe')).toHaveCount(0);
  await expect(fileRow(page, 'monitoring-a.pdf').getByTestId('type-cell')).not.toHaveText('Monitoring visit report');
  // both selected, Describe 2 documents… types them at once
  await fileRow(page, 'monitoring-a.pdf').click();
  await fileRow(page, 'monitoring-b.pdf').click({ modifiers: ['Shift'] });
  await fileRow(page, 'monitoring-b.pdf').click({ button: 'right' });
  const entry = page.getByTestId('menu-describe');
  await expect(entry).toHaveText('Describe 2 documents…');
  await entry.click();
  const describe = page.getByTestId('describe-dialog');
  await expect(describe.getByTestId('describe-names')).toContainText('monitoring-a.pdf');
  await describe.getByTestId('describe-type-list').selectOption('monitoring-report');
  await describe.getByTestId('describe-save').click();
  await expect(describe).toHaveCount(0);
  for (const name of ['monitoring-a.pdf', 'monitoring-b.pdf'])
    await expect(fileRow(page, name).getByTestId('type-cell')).toHaveText('Monitoring visit report', {
      timeout: 30_000,
    });
});

test('the sIRB’s binder turns that cell to "expiring in 20 days", and a notification says so', async () => {
  await callHost(sirb.host, 'settings.update', { notifications: true });
  await callHost(sirb.host, 'changes.refresh');
  const binder = await openBinder(sirb.page);
  await expect(binderCell(binder, 'pi-cv', site.org.id)).toContainText('expiring in 20 days');
  await expect(binder.locator(`[data-testid="binder-org-summary"][data-org="${site.org.id}"]`)).toContainText(
    '1 expiring',
  );
  await expect.poll(() => notificationTexts(sirb.page)).toContainEqual(expect.stringMatching(/20 days/));
  await scanEverywhere(sirb, 'binder-owner', async () => {
    if (!(await sirb.page.getByTestId('binder-dialog').isVisible())) await openBinder(sirb.page);
  });
  await closeDialog(sirb.page.getByTestId('binder-dialog'));
});

test('the expiring view across studies lists the CV, from the Changes area too', async () => {
  const open = async () => {
    if (await sirb.page.getByTestId('expiring-dialog').isVisible()) return;
    await sirb.page.getByTestId('open-changes').click();
    await sirb.page.getByTestId('changes-expiring').click();
    await expect(sirb.page.getByTestId('expiring-dialog')).toBeVisible();
  };
  await open();
  const row = sirb.page.getByTestId('expiring-row').filter({ hasText: 'cv-dr-reyes.pdf' });
  await expect(row).toContainText('expires in 20 days');
  await expect(row).toContainText('Dr Reyes');
  await scanEverywhere(sirb, 'expiring', open);
});

test('the site’s local context review stays missing and turns overdue once its due date passes', async () => {
  const binder = await openBinder(site.page);
  await expect(binderCell(binder, 'local-context', site.org.id)).toContainText('missing, due');
  // the site's host again, its clock 6 days ahead: the due date (today + 5) has passed
  await site.page.close();
  await site.host.stop();
  site.host = await startHost(site.dataDir, { STUDY_EXCHANGE_TEST_DAYS_AHEAD: '6' });
  await signInContext(site.context, site.host);
  site.page = await site.context.newPage();
  await site.page.goto(site.host.url);
  const later = await openBinder(site.page);
  await expect(binderCell(later, 'local-context', site.org.id)).toContainText('overdue since');
  await expect(binderCell(later, 'pi-cv', site.org.id)).toContainText('expiring in 14 days');
  await saveScreenshot(site.page, 'binder-site-overdue');
});
