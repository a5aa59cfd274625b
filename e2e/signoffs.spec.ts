// Issue 36 end to end with two windows, the sIRB and a site, each its own browser host and
// profile on one reference exchange: the sIRB asks the site to acknowledge the consent form; the
// site sees the request, shows the document and signs it off with its passphrase (a wrong one
// first, which signs nothing); the sIRB sees the signature manifestation (printed name, role,
// organization, date and time with zone, meaning) and "this version", and the request answered,
// and its Changes has the answer ("Riverside Medical Center acknowledged consent-form.pdf");
// the sIRB replaces the document: the sign-off is "an earlier version" and the request asks
// again. The dialogs and the details pass axe in both themes at 1280 and 1024. A request already
// outstanding when the site first lists a study is in Changes as well (once).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { loadTrustedCas } from '../server/store/sqlite/trust-store.js';
import { E2E_PASSPHRASE, expect, test } from './host-fixture.js';
import { fileRow, openStudy, refreshStudy, showInTheme } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { isBlocking, StateScans } from './support/axe.js';
import { minimalPdf } from './support/documents.js';
import { callHost, uploadVerified } from './support/host-api.js';
import { openerCalls } from './support/opener.js';
import { openOrganizationWindow, type OrganizationWindow } from './support/organization-window.js';
import { serveNewSandbox, type ServingExchange } from './support/reference-server.js';

test.describe.configure({ mode: 'serial' });

let work: string;
let exchange: ServingExchange;
let sirb: OrganizationWindow;
let site: OrganizationWindow;
let containerId: string;
let consent: string;

interface SignOffs {
  readonly meaning: string;
  readonly valid: boolean;
  readonly thisVersion: boolean;
}

const signOffsAt = (w: OrganizationWindow): Promise<SignOffs[]> =>
  callHost<SignOffs[]>(w.host, 'signoffs.forItem', { containerId, itemPath: consent });

/** The study's Approvals folder listed afresh, and `name` selected: the details pane's sign-offs. */
async function selectDocument(page: Page, name: string): Promise<Locator> {
  await openStudy(page, containerId);
  await refreshStudy(page);
  await page.getByRole('treeitem', { name: /Approvals/ }).click();
  await fileRow(page, name).click();
  await expect(page.getByTestId('details-name')).toHaveText(name);
  return page.getByTestId('signoffs');
}

test.beforeAll(async ({ browser }) => {
  // an exchange, two hosts and an upload, on a machine others share
  test.setTimeout(300_000);
  work = await mkdtemp(join(tmpdir(), 'e2e-signoffs-'));
  const sandbox = await serveNewSandbox(join(work, 'exchange'), join(work, 'keys'));
  exchange = sandbox.exchange;
  const anchors = loadTrustedCas(join(work, 'exchange'));
  const common = { work, exchangeUrl: exchange.url, anchors, viewport: { width: 1280, height: 800 } };
  sirb = await openOrganizationWindow(browser, {
    ...common,
    name: 'sirb',
    org: sandbox.orgs.find((o) => o.role === 'sirb')!,
  });
  site = await openOrganizationWindow(browser, {
    ...common,
    name: 'site',
    org: sandbox.orgs.find((o) => o.name === 'Riverside Medical Center')!,
  });
  containerId = (await callHost<{ id: string }>(sirb.host, 'containers.create', { title: 'Protocol 2025-031' })).id;
  await callHost(sirb.host, 'collaborators.add', { containerId, organizationId: site.org.id });
  consent = await uploadVerified(sirb.host, containerId, 'Approvals', 'consent-form.pdf', minimalPdf('Consent v1'));
  await callHost(sirb.host, 'access.grant', { containerId, itemPaths: [consent], organizationIds: [site.org.id] });
  // the site has listed the study once: a request after it is news (a study's first listing never is)
  await callHost(site.host, 'changes.refresh');
});

/** The site's Changes: the request as an entry that reveals the document. */
async function openChanges(page: Page): Promise<Locator> {
  await page.getByTestId('open-changes').click();
  const entry = page.getByTestId('changes-view').locator('[data-kind="signoff-requested"]');
  await expect(entry).toHaveCount(1);
  return entry;
}

/** The sIRB's Changes: the site's answer as its one entry of the kind. */
async function openAnswer(page: Page): Promise<Locator> {
  await page.getByTestId('open-changes').click();
  const entry = page.getByTestId('changes-view').locator('[data-kind="signoff-answered"]');
  await expect(entry).toHaveCount(1);
  return entry;
}

test.afterAll(async () => {
  for (const w of [sirb, site]) await w?.close();
  await exchange?.stop();
  await rm(work, { recursive: true, force: true });
});

test('the sIRB asks the site to acknowledge the consent form, by a date, with a message', async () => {
  const section = await selectDocument(sirb.page, 'consent-form.pdf');
  await expect(section.getByTestId('signoffs-none')).toBeVisible();
  await section.getByTestId('details-request-signoff').click();
  const dialog = sirb.page.getByTestId('request-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('request-meaning').selectOption('acknowledged');
  // the one organization with access is asked (checked unless left out)
  await expect(dialog.getByTestId('request-organization')).toHaveCount(1);
  await expect(dialog.getByTestId('request-organization')).toBeChecked();
  await dialog.getByTestId('request-due').fill('2099-12-31');
  await dialog.getByTestId('request-message').fill('Please acknowledge the approved consent form v1.');
  await saveScreenshot(sirb.page, 'signoffs-request-dialog');
  await dialog.getByTestId('request-submit').click();
  await expect(dialog).toHaveCount(0);
  const request = section.getByTestId('signoff-request');
  await expect(request).toHaveCount(1);
  await expect(request.getByTestId('signoff-request-summary')).toHaveText('0 of 1 answered');
  await expect(request.getByTestId('signoff-request-org')).toHaveText('Riverside Medical Center: not yet');
});

test('the site sees the request, shows the document, and signs it off with its passphrase (a wrong one signs nothing)', async () => {
  const page = site.page;
  await callHost(site.host, 'changes.refresh');
  // the window says sign-offs are requested, and lists them
  await page.reload();
  // Changes has it too: "Sign-off requested: <document> by <date>, from <org>"; choosing it shows the document
  const change = await openChanges(page);
  await expect(change).toContainText('Sign-off requested: consent-form.pdf by ');
  await expect(change).toContainText(', from Sandbox IRB');
  await saveScreenshot(page, 'signoffs-changes-request');
  await change.click();
  await expect(page.getByTestId('changes-view')).toHaveCount(0);
  await expect(page.getByTestId('details-name')).toHaveText('consent-form.pdf');
  await page.getByTestId('requested-notice-show').click();
  const list = page.getByTestId('requested-dialog');
  const entry = list.getByTestId('requested-waiting').getByTestId('requested-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('requested-name')).toHaveText('consent-form.pdf');
  await expect(entry.getByTestId('requested-meaning')).toHaveText('Acknowledged');
  await expect(entry).toContainText('asked by Sandbox IRB');
  await expect(entry.getByTestId('requested-due')).toContainText('2099');
  await saveScreenshot(page, 'signoffs-requested');

  // one action: the document shows in its study, selected, and Sign off… opens with the meaning asked
  await entry.getByTestId('requested-sign').click();
  const dialog = page.getByTestId('signoff-dialog');
  await expect(dialog).toBeVisible();
  await expect(fileRow(page, 'consent-form.pdf')).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByTestId('signoff-meaning-acknowledged')).toBeChecked();
  // the first sign-off of the session asks for the printed name and role
  await dialog.getByTestId('signoff-name-input').fill('Dana Reyes');
  await dialog.getByTestId('signoff-role-input').fill('Study coordinator');
  await dialog.getByTestId('signoff-comment-input').fill('Site staff trained on v1.');
  await dialog.getByTestId('signoff-passphrase').fill('not the passphrase');
  await dialog.getByTestId('signoff-submit').click();
  await expect(dialog.getByTestId('signoff-error')).toBeVisible();
  await saveScreenshot(page, 'signoffs-wrong-passphrase');
  expect(await signOffsAt(site)).toEqual([]);

  // the passphrase is asked again (the field was emptied); the right one signs
  await expect(dialog.getByTestId('signoff-passphrase')).toHaveValue('');
  await dialog.getByTestId('signoff-passphrase').fill(E2E_PASSPHRASE);
  await dialog.getByTestId('signoff-submit').click();
  await expect(dialog).toHaveCount(0);
  const mine = page.getByTestId('signoffs').getByTestId('signoff');
  await expect(mine).toHaveCount(1);
  await expect(mine).toHaveAttribute('data-valid', 'true');
  await expect(mine.getByTestId('signoff-signer')).toHaveText(
    'Dana Reyes, Study coordinator · Riverside Medical Center',
  );
  // opening it is seeing it, and what the sIRB's receipts hear of
  await fileRow(page, 'consent-form.pdf').dblclick();
  await expect.poll(async () => (await openerCalls(site.openerLog)).length).toBe(1);
});

test('the sIRB sees the signature manifestation and "this version"; the request is answered', async () => {
  const section = await selectDocument(sirb.page, 'consent-form.pdf');
  const signOff = section.getByTestId('signoff');
  await expect(signOff).toHaveCount(1);
  await expect(signOff).toHaveAttribute('data-valid', 'true');
  await expect(signOff.getByTestId('signoff-meaning')).toHaveText('Acknowledged');
  await expect(signOff.getByTestId('signoff-version')).toHaveText(' · this version');
  await expect(signOff.getByTestId('signoff-signer')).toHaveText(
    'Dana Reyes, Study coordinator · Riverside Medical Center',
  );
  // the date and time with its zone
  await expect(signOff.getByTestId('signoff-time')).toHaveText(/\d{1,2}:\d{2}:\d{2}.*(UTC|GMT|[A-Z]{2,5})/);
  await expect(signOff.getByTestId('signoff-comment')).toHaveText('Site staff trained on v1.');
  await expect(section.getByTestId('signoff-request-summary')).toHaveText('1 of 1 answered');
  await saveScreenshot(sirb.page, 'signoffs-sirb-this-version');
  // the refresh that listed it told Changes: who answered, what, as what; choosing it shows the document
  const answer = await openAnswer(sirb.page);
  await expect(answer).toContainText('Riverside Medical Center acknowledged consent-form.pdf');
  await saveScreenshot(sirb.page, 'signoffs-changes-answer');
  await answer.click();
  await expect(sirb.page.getByTestId('changes-view')).toHaveCount(0);
  await expect(sirb.page.getByTestId('details-name')).toHaveText('consent-form.pdf');
});

test('the sIRB replaces the document: the sign-off is of an earlier version and the request asks again', async () => {
  await uploadVerified(sirb.host, containerId, 'Approvals', 'consent-form.pdf', minimalPdf('Consent v2'), consent);
  // the new version's key goes to everyone with access (as in two-sites.spec.ts)
  await callHost(sirb.host, 'items.rekey', { containerId, itemPath: consent });
  const section = await selectDocument(sirb.page, 'consent-form.pdf');
  const signOff = section.getByTestId('signoff');
  await expect(signOff.getByTestId('signoff-version')).toHaveText(' · an earlier version');
  await expect(signOff).toHaveAttribute('data-valid', 'true');
  const request = section.getByTestId('signoff-request');
  await expect(request.getByTestId('signoff-request-summary')).toHaveText('0 of 1 answered');
  await expect(request.getByTestId('signoff-request-reopened')).toBeVisible();
  await saveScreenshot(sirb.page, 'signoffs-sirb-earlier-version');

  // at the site, it waits again
  await callHost(site.host, 'changes.refresh');
  await site.page.reload();
  await site.page.getByTestId('requested-notice-show').click();
  const entry = site.page.getByTestId('requested-waiting').getByTestId('requested-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('requested-reopened')).toBeVisible();
  await site.page.getByTestId('requested-dialog').getByRole('button', { name: 'Close', exact: true }).click();
});

test('the sign-off views pass axe in both themes at 1280 and 1024, and Sign off… is reached by keyboard', async () => {
  // twenty axe scans, each page reloaded per theme, on a shared machine
  test.setTimeout(600_000);
  const scans = { sirb: new StateScans(sirb.page), site: new StateScans(site.page) };
  // the details pane stays shown at 1024 too (the user's choice, kept: use-details-pane.ts)
  for (const w of [sirb, site])
    await w.page.evaluate(() => localStorage.setItem('study-exchange.details-pane', 'shown'));
  for (const width of [1280, 1024]) {
    for (const theme of ['light', 'dark']) {
      for (const w of [sirb, site]) await w.page.setViewportSize({ width, height: width === 1280 ? 800 : 680 });
      scans.sirb.theme = scans.site.theme = `${theme} ${width}`;
      await showInTheme(sirb.page, sirb.host, theme);
      await showInTheme(site.page, site.host, theme);

      await selectDocument(sirb.page, 'consent-form.pdf');
      await scans.sirb.scan('details with sign-offs and a request');
      await saveScreenshot(sirb.page, `signoffs-details-${theme}-${width}`);
      await sirb.page.getByTestId('details-request-signoff').click();
      await scans.sirb.scan('ask for sign-off');
      await saveScreenshot(sirb.page, `signoffs-request-${theme}-${width}`);
      await sirb.page.getByTestId('request-cancel').click();
      await openAnswer(sirb.page);
      await scans.sirb.scan('changes with an answer');
      await saveScreenshot(sirb.page, `signoffs-changes-answer-${theme}-${width}`);
      await sirb.page.getByTestId('changes-view').getByRole('button', { name: 'Close', exact: true }).click();

      await site.page.getByTestId('requested-notice-show').click();
      await expect(site.page.getByTestId('requested-entry')).toHaveCount(1);
      await scans.site.scan('sign-offs requested');
      await saveScreenshot(site.page, `signoffs-requested-${theme}-${width}`);
      await site.page.getByTestId('requested-sign').click();
      await expect(site.page.getByTestId('signoff-dialog')).toBeVisible();
      await scans.site.scan('sign off');
      await saveScreenshot(site.page, `signoffs-dialog-${theme}-${width}`);
      await site.page.getByTestId('signoff-cancel').click();
      await site.page.getByTestId('requested-dialog').getByRole('button', { name: 'Close', exact: true }).click();
      await openChanges(site.page);
      await scans.site.scan('changes with a sign-off request');
      await saveScreenshot(site.page, `signoffs-changes-${theme}-${width}`);
      await site.page.getByTestId('changes-view').getByRole('button', { name: 'Close', exact: true }).click();
    }
  }
  // Sign off… from the keyboard: the selected row's context menu (Shift+F10), arrows to the entry, Enter
  await fileRow(site.page, 'consent-form.pdf').click();
  await site.page.getByTestId('file-list').focus();
  await site.page.keyboard.press('Shift+F10');
  const entry = site.page.getByRole('menuitem', { name: 'Sign off…' });
  for (let i = 0; i < 10 && !(await entry.evaluate((e) => e === document.activeElement)); i++)
    await site.page.keyboard.press('ArrowDown');
  await expect(entry).toBeFocused();
  await site.page.keyboard.press('Enter');
  await expect(site.page.getByTestId('signoff-dialog')).toBeVisible();
  await expect(site.page.getByTestId('signoff-meaning-reviewed')).toBeFocused();
  await site.page.keyboard.press('Escape');
  console.log(scans.sirb.report());
  console.log(scans.site.report());
  expect([...scans.sirb.findings, ...scans.site.findings].filter(isBlocking)).toEqual([]);
});

test('a request outstanding when the site first lists a study is in Changes too', async () => {
  const other = (await callHost<{ id: string }>(sirb.host, 'containers.create', { title: 'Protocol 2025-044' })).id;
  await callHost(sirb.host, 'collaborators.add', { containerId: other, organizationId: site.org.id });
  const manual = await uploadVerified(sirb.host, other, 'Approvals', 'pharmacy-manual.pdf', minimalPdf('Manual'));
  await callHost(sirb.host, 'access.grant', {
    containerId: other,
    itemPaths: [manual],
    organizationIds: [site.org.id],
  });
  await callHost(sirb.host, 'signoffs.request', {
    containerId: other,
    itemPath: manual,
    meaning: 'read-and-understood',
    organizationIds: [site.org.id],
    dueOn: '2099-11-30',
  });
  // the site's first listing of that study finds the request already there
  await callHost(site.host, 'changes.refresh');
  await site.page.reload();
  await site.page.getByTestId('open-changes').click();
  const entry = site.page
    .getByTestId('changes-view')
    .locator('[data-kind="signoff-requested"]', { hasText: 'pharmacy-manual.pdf' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Sign-off requested: pharmacy-manual.pdf by ');
  await expect(entry).toContainText(', from Sandbox IRB');
  await saveScreenshot(site.page, 'signoffs-changes-first-listing');
  // a later refresh adds none
  await site.page.getByTestId('changes-view').getByRole('button', { name: 'Close', exact: true }).click();
  await callHost(site.host, 'changes.refresh');
  await site.page.reload();
  await site.page.getByTestId('open-changes').click();
  await expect(entry).toHaveCount(1);
});
