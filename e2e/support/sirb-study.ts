// The sIRB's window on a browser host of its own (the embedded sandbox, a fake opener first on
// PATH), with a new study shared with some of the sandbox's other organizations: where the
// journeys about what those organizations send begin.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { signInContext, startHost, type RunningHost } from '../host-fixture.js';
import type { ProfileInfo } from './app-page.js';
import { callHost } from './host-api.js';
import { fakeOpener } from './opener.js';

export interface SirbStudy {
  /** The scratch folder: the host's data, the fake opener and its log (`opener.log`). */
  readonly work: string;
  readonly host: RunningHost;
  readonly page: Page;
  readonly profiles: readonly ProfileInfo[];
  readonly sirb: ProfileInfo;
  readonly containerId: string;
  /** Closes the page's context, stops the host and removes the folder. */
  close(): Promise<void>;
}

/**
 * Starts the host in a fresh folder named from `prefix`, opens its page in a context of its own
 * (axe scans need a page made by browser.newContext()) at `viewport`, makes the sIRB active and
 * creates the study `title`, shared with the organizations named in `collaborators`.
 */
export async function sirbWithStudy(
  browser: Browser,
  options: {
    readonly prefix: string;
    readonly viewport: { readonly width: number; readonly height: number };
    readonly title: string;
    readonly collaborators: readonly string[];
  },
): Promise<SirbStudy> {
  const work = await mkdtemp(join(tmpdir(), options.prefix));
  const host = await startHost(join(work, 'data'), await fakeOpener(join(work, 'bin'), join(work, 'opener.log')));
  const context = await browser.newContext({ viewport: options.viewport });
  const page = await context.newPage();
  await signInContext(context, host);
  const profiles = await callHost<ProfileInfo[]>(host, 'profiles.list');
  const sirb = profiles.find((p) => p.roles.includes('sirb'))!;
  await callHost(host, 'profiles.switch', { profileId: sirb.id });
  const containerId = (await callHost<{ id: string }>(host, 'containers.create', { title: options.title })).id;
  for (const name of options.collaborators) {
    const organizationId = profiles.find((p) => p.organizationName === name)!.organizationId;
    await callHost(host, 'collaborators.add', { containerId, organizationId });
  }
  return {
    work,
    host,
    page,
    profiles,
    sirb,
    containerId,
    async close() {
      await context.close();
      await host.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
