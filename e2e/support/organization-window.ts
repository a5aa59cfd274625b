// One organization's window on a browser host of its own, against a separate reference exchange
// (support/reference-server.ts): its profile imported from the sandbox's key and certificate,
// trusting the exchange's CA, and its page open. Two of these are two sites on one exchange.
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, signInContext, startHost, type RunningHost } from '../host-fixture.js';
import { callHost, stageOnHost } from './host-api.js';
import { fakeOpener } from './opener.js';
import type { SandboxOrganization } from './reference-server.js';

export interface OrganizationWindow {
  readonly host: RunningHost;
  readonly page: Page;
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
  },
): Promise<OrganizationWindow> {
  const { work, name, org } = options;
  const openerLog = join(work, name, 'opener.log');
  const host = await startHost(join(work, name, 'data'), await fakeOpener(join(work, name, 'bin'), openerLog));
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
  await signInContext(context, host);
  const page = await context.newPage();
  await page.goto(host.url);
  await expect(page.getByTestId('active-organization')).toHaveText(org.name);
  return {
    host,
    page,
    org,
    profileId: profile.id,
    openerLog,
    async close() {
      await context.close();
      await host.stop();
    },
  };
}
