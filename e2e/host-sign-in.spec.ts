// Issue 16: the browser host's printed URL carries a one-time code. The page trades it for an
// HttpOnly, SameSite=Strict session cookie and a session secret this tab keeps; a reload stays
// signed in; anyone else with the same URL (another browser, a copy of the command line) gets
// nothing. Issue 27: a page of another local program, on another port, receives the cookie
// (cookies ignore ports) but not the secret, and the cookie replayed alone opens nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startHost } from './host-fixture.js';
import { writeLaunchFile } from '../electron/core/host/launch.js';

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
    expect(
      await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage })),
    ).not.toContain(host.url.split('=')[1]!);
    // The built page carries its own CSP as a second line of defence.
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toContain(
      "script-src 'self';",
    );
    await page.reload();
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');

    // Same URL, another browser: the code is spent, nothing of the app answers.
    const other = await second.newPage();
    await other.goto(host.url);
    await expect(other.getByText(/prints a link that opens it once/).first()).toBeVisible();
    await expect(other.getByTestId('active-organization')).toHaveCount(0);
    const status = await other.evaluate(
      async () =>
        (
          await fetch('/api/call/profiles.list', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          })
        ).status,
    );
    expect(status).toBe(401);

    // An attacker's server on another 127.0.0.1 port, visited in the signed-in browser.
    const received: string[] = [];
    const attacker = createServer((req, res) => {
      received.push(req.headers.cookie ?? '');
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>another program</title>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const visit = await first.newPage();
      await visit.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const stolen = received.find((c) => c.includes(cookie!.name));
      expect(stolen, 'the browser sends the host cookie to every 127.0.0.1 port').toBeDefined();
      // Replayed with a forged Origin, as another program can: refused without the page's secret.
      const origin = new URL(host.url).origin;
      const replay = await fetch(`${origin}/api/call/profiles.list`, {
        method: 'POST',
        headers: { Origin: origin, Cookie: stolen!, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(replay.status).toBe(401);
      expect(await replay.text()).not.toContain('Sandbox');
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }
  } finally {
    await first.close();
    await second.close();
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('the launch file Chromium is opened on (mode 0600, in the data folder) signs the page in', async ({ browser }) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-launch-'));
  const host = await startHost(dataDir, {}, { signIn: false });
  const context = await browser.newContext();
  try {
    // What `npm start` writes for the browser it opens instead of putting the code on its command line.
    const file = await writeLaunchFile(dataDir, host.url);
    const page = await context.newPage();
    await page.goto(`file://${file}`);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    expect(page.url()).toBe(`${new URL(host.url).origin}/`);
  } finally {
    await context.close();
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
