// A study's listing handed to the window in pages as it streams (items.listOpen / items.listNext),
// through main's real handlers and session, against the real reference server; a connection
// lost part way is shown by a proxy that cuts the answer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toAppError } from '../../../shared/app-error.js';
import type { ItemView } from '../../../shared/ipc/views.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { startTamperProxy, type TamperProxy } from '../../services/test-support/tamper-proxy.js';
import type { AppContext } from '../app-context.js';
import { ItemListings } from './item-listings.js';
import type { Session } from '../profiles/session.js';
import { fillStudy, fixtureSession } from '../test-support/fixture-session.js';
import { itemHandlers } from './item-handlers.js';

const ITEMS = 3_000;

let fx: ExchangeFixture;
let proxy: TamperProxy;
let dir: string;
let session: Session;
let studyId: string;
let handlers: ReturnType<typeof itemHandlers>;

beforeAll(async () => {
  fx = await startFixture();
  proxy = await startTamperProxy(fx.url);
  dir = await mkdtemp(join(tmpdir(), 'item-listing-'));
  studyId = (await fx.sirb.client.createContainer()).id;
  await fillStudy(
    fx,
    fx.sirb,
    studyId,
    ITEMS,
    (i) => `site-${i % 7}|visit-${i % 13}`,
    (i) => `visit-report-${i}.pdf`,
  );
  session = await fixtureSession(fx, fx.sirb, dir, proxy.url);
  handlers = itemHandlers({ session: async () => session } as unknown as AppContext);
}, 120_000);

afterAll(async () => {
  session?.close();
  await proxy?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Asks for pages until the last (or a failure); what arrived, page by page. */
async function readListing(listingId: string): Promise<{ pages: ItemView[][]; failure?: unknown }> {
  const pages: ItemView[][] = [];
  for (;;) {
    try {
      const page = await handlers['items.listNext']({ listingId });
      pages.push(page.items);
      if (page.done) return { pages };
    } catch (failure) {
      return { pages, failure };
    }
  }
}

describe('items.listOpen / items.listNext', () => {
  it('hands the listing over in pages, in the service’s order, each item once, then closes it', async () => {
    const whole = await handlers['items.list']({ containerId: studyId });
    expect(whole).toHaveLength(ITEMS);
    const { listingId } = await handlers['items.listOpen']({ containerId: studyId });
    const { pages, failure } = await readListing(listingId);
    expect(failure).toBeUndefined();
    // rows arrive before the end: more than one page, none of them the whole listing
    expect(pages.length).toBeGreaterThan(1);
    const paths = pages.flat().map((v) => v.path);
    expect(paths).toEqual(whole.map((v) => v.path));
    expect(new Set(paths).size).toBe(ITEMS);
    expect(
      pages.flat().every((v) => v.ownedByMe && v.ownerId === fx.sirb.org.id && v.decryptedHeader === undefined),
    ).toBe(true);
    // the last page ended the listing: asking again is refused, not answered with another's pages
    await expect(handlers['items.listNext']({ listingId })).rejects.toMatchObject({ code: 'listing-gone' });
  }, 60_000);

  it('a connection lost part way: what arrived comes first, then the failure; a new listing gets everything', async () => {
    proxy.cutAfter(1_500_000);
    let cut;
    try {
      const { listingId } = await handlers['items.listOpen']({ containerId: studyId });
      cut = await readListing(listingId);
    } finally {
      proxy.cutAfter(undefined);
    }
    const arrived = cut.pages.flat();
    expect(arrived.length).toBeGreaterThan(0);
    expect(arrived.length).toBeLessThan(ITEMS);
    expect(toAppError(cut.failure)).toMatchObject({
      code: 'network',
      retryable: true,
      message: expect.stringMatching(/broke off after \d+ items/),
    });

    const again = await readListing((await handlers['items.listOpen']({ containerId: studyId })).listingId);
    expect(again.failure).toBeUndefined();
    const all = again.pages.flat().map((v) => v.path);
    expect(all).toHaveLength(ITEMS);
    // what arrived before the cut is the start of the whole listing, in the same order
    expect(all.slice(0, arrived.length)).toEqual(arrived.map((v) => v.path));
  }, 60_000);

  it('reads the answer no further ahead than the window takes: what is kept stays bounded while nobody asks', async () => {
    const listings = new ItemListings({ highWater: 500 });
    const bounded = itemHandlers({ session: async () => session } as unknown as AppContext, listings);
    const { listingId } = await bounded['items.listOpen']({ containerId: studyId }, { senderId: 'window-1' });
    await vi.waitFor(() => expect(listings.kept).toBeGreaterThanOrEqual(500), { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // paused at the mark (plus the last piece read), not the whole study of 3,000
    expect(listings.kept).toBeLessThan(1_000);
    const paths: string[] = [];
    for (;;) {
      const page = await bounded['items.listNext']({ listingId });
      paths.push(...page.items.map((v) => v.path));
      expect(listings.kept).toBeLessThan(1_000);
      if (page.done) break;
    }
    expect(paths).toEqual((await handlers['items.list']({ containerId: studyId })).map((v) => v.path));
    expect(listings.size).toBe(0);
  }, 60_000);
});
