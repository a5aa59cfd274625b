// One organization's window on a browser host of its own, against a separate reference exchange
// (support/reference-server.ts): its profile imported from the sandbox's key and certificate,
// trusting the exchange's CA, and its page open. Two of these are two sites on one exchange.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, signInContext, startHost, type RunningHost } from '../host-fixture.js';
import { callHost, stageOnHost } from './host-api.js';
import { recordNotifications } from './notifications.js';
import { fakeOpener } from './opener.js';
import type { SandboxOrganization } from './reference-server.js';

export interface OrganizationWindow {
  readonly host: RunningHost;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The host's data folder (a restart with other settings opens it again). */
  readonly dataDir: string;
  readonly org: SandboxOrganization;
  readonly profileId: string;
  /** The fake system opener's log (`openerCalls`). */
  readonly openerLog: string;
  close(): Promise<void>;
}

/** `org`'s window: host data under `work/name`, a fake opener first on PATH, the page at `viewport`. */
export async function openOrganizationWindow(
  browser: Browser,
  options: {
    readonly work: string;
    readonly name: string;
    readonly org: SandboxOrganization;
    readonly exchangeUrl: string;
    readonly anchors: readonly string[];
    readonly viewport: { readonly width: number; readonly height: number };
    /** Record the page's notifications (support/notifications.ts) instead of showing none. */
    readonly recordNotifications?: boolean;
  },
): Promise<OrganizationWindow> {
  const { work, name, org } = options;
  const openerLog = join(work, name, 'opener.log');
  const dataDir = join(work, name, 'data');
  const host = await startHost(dataDir, await fakeOpener(join(work, name, 'bin'), openerLog));
  const profile = await callHost<{ id: string }>(host, 'profiles.importPem', {
    name: org.name,
    environment: 'test',
    baseUrl: options.exchangeUrl,
    organizationId: org.id,
    keyFile: await stageOnHost(host, `${name}.key`, org.keyPem),
    certificatePem: org.certificatePem,
  });
  await callHost(host, 'profiles.setTrustAnchors', {
    profileId: profile.id,
    certificatesPem: options.anchors.join('\n'),
  });
  await callHost(host, 'profiles.switch', { profileId: profile.id });
  const context = await browser.newContext({ viewport: options.viewport });
  if (options.recordNotifications) await recordNotifications(context, new URL(host.url).origin);
  await signInContext(context, host);
  const page = await context.newPage();
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText(org.name);
  return {
    host,
    context,
    page,
    dataDir,
    org,
    profileId: profile.id,
    openerLog,
    async close() {
      await context.close();
      await host.stop();
    },
  };
}
