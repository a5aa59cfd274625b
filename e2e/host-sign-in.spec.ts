// Issue 16: the browser host's printed URL carries a one-time code. The page trades it for an
// HttpOnly, SameSite=Strict session cookie and keeps nothing itself; a reload stays signed in;
// anyone else with the same URL (another browser, a copy of the command line) gets nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startHost } from './host-fixture.js';

test('the one-time code signs in one page; a second browser with the same URL is refused', async ({ browser }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-sign-in-'));
  const host = await startHost(dataDir, {}, { signIn: false });
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/);
    const page = await first.newPage();
    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    // The code left the address bar; the session is a cookie scripts cannot read.
    expect(new URL(page.url()).hash).toBe('');
    const [cookie] = await first.cookies();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))).not.toContain(host.url.split('=')[1]!);
    // The built page carries its own CSP as a second line of defence.
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toContain("script-src 'self';");
    await page.reload();
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');

    // Same URL, another browser: the code is spent, nothing of the app answers.
    const other = await second.newPage();
    await other.goto(host.url);
    await expect(other.getByText(/prints a link that opens it once/).first()).toBeVisible();
    await expect(other.getByTestId('active-organization')).toHaveCount(0);
    const status = await other.evaluate(async () => (await fetch('/api/call/profiles.list', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status);
    expect(status).toBe(401);
  } finally {
    await first.close();
    await second.close();
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
