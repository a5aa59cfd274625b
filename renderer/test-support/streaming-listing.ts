// Main's paged listing as the window sees it (items.listOpen / items.listNext), for the tests of
// the streamed listing: pages released one by one by the test, a failure part way on request.
import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ExchangeApi } from '../../shared/ipc/contract.js';
import type { ItemPage, ItemView } from '../../shared/ipc/views.js';
import { appError, item } from './fixtures.js';

/** Documents site/d<from>…site/d<to - 1>, as a listing returns them. */
export const docs = (from: number, to: number, updatedAt = '2026-01-01T00:00:00.000Z'): ItemView[] =>
  Array.from({ length: to - from }, (_, i) => item(`site|d${String(from + i).padStart(3, '0')}`, { updatedAt }));

/** Main as the window sees it: a listing whose pages are released one by one by the test. */
export function streamingService(pages: readonly ItemView[][], options: { failAt?: number } = {}) {
  const gates: (() => void)[] = [];
  let opened = 0;
  const api = {
    'items.listOpen': async () => {
      opened++;
      let next = 0;
      listings.set(String(opened).padStart(32, '0'), async (): Promise<ItemPage> => {
        const n = next++;
        if (opened === 1 && n === options.failAt) return Promise.reject(new Error('unused'));
        await new Promise<void>((resolve) => gates.push(resolve));
        return { items: pages[n] ?? [], done: n >= pages.length - 1 };
      });
      return { ok: true, value: { listingId: String(opened).padStart(32, '0') } };
    },
    'items.listNext': async ({ listingId }: { listingId: string }) => {
      const page = await listings.get(listingId)!().then(
        (value) => ({ ok: true as const, value }),
        () => ({
          ok: false as const,
          error: appError({ code: 'network', message: 'The exchange’s answer broke off after 2 items.' }),
        }),
      );
      return page;
    },
  } as unknown as ExchangeApi;
  const listings = new Map<string, () => Promise<ItemPage>>();
  const release = async (): Promise<void> => {
    await waitFor(() => expect(gates.length).toBeGreaterThan(0));
    await act(async () => gates.shift()!());
  };
  return { api, release, opened: () => opened };
}
