// Issue 16: without STUDY_EXCHANGE_PASSPHRASE the browser host asks the page for the passphrase
// that protects the keys: set on first run (too weak is refused with a hint), asked to unlock
// on every later start (a wrong one is refused). Nothing in the data folder holds it.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHost } from './host-fixture.js';

const PASSPHRASE = 'maple lantern orbit quietly';

async function submit(page: Page, passphrase: string): Promise<void> {
  await page.getByTestId('unlock-passphrase').fill(passphrase);
  await page.getByTestId('unlock-submit').click();
}

test('first run sets a passphrase on the page; the next start unlocks with it; none is stored', async ({ browser }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-passphrase-'));
  const noPassphrase = { STUDY_EXCHANGE_PASSPHRASE: '' };
  try {
    let host = await startHost(dataDir, noPassphrase, { signIn: false });
    let context = await browser.newContext();
    let page = await context.newPage();
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Set a passphrase' })).toBeVisible();
    // Locked: the app's calls (with this tab's session secret) answer 423 until the passphrase is set.
    const locked = await page.evaluate(async () => {
      const call = (headers: Record<string, string>) =>
        fetch('/api/call/profiles.list', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: '{}',
        });
      return [
        (await call({ 'x-sx-session-secret': sessionStorage.getItem('sx-session-secret') ?? '' })).status,
        (await call({})).status,
      ];
    });
    expect(locked).toEqual([423, 401]);
    await submit(page, 'short');
    await expect(page.getByTestId('unlock-problem')).toContainText('at least 12 characters');
    await submit(page, PASSPHRASE);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB', { timeout: 60_000 });
    await context.close();
    await host.stop();

    // Nothing beside the data holds the passphrase, and the old random-passphrase file is gone.
    const files = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(files.map((f) => f.name)).not.toContain('host-passphrase');
    for (const f of files)
      expect((await readFile(join(f.parentPath, f.name))).includes(PASSPHRASE), f.name).toBe(false);

    host = await startHost(dataDir, noPassphrase, { signIn: false });
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Unlock' })).toBeVisible();
    await submit(page, 'not the passphrase at all');
    await expect(page.getByTestId('unlock-problem')).toContainText('not the one set for this app');
    await submit(page, PASSPHRASE);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB', { timeout: 60_000 });
    await context.close();
    await host.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
