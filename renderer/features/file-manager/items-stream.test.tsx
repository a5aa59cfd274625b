// @vitest-environment happy-dom
// A study's listing shown as it streams in: pages in order, each item once, a failure part way
// keeps what arrived and says so, a retry completes the list.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../shared/app-error.js';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ItemView } from '../../../shared/ipc/views.js';
import { appError, doc, item } from '../../test-support/fixtures.js';
import { docs, streamingService } from '../../test-support/streaming-listing.js';
import { ApiProvider } from '../../data/api-context.js';
import { fromFullList, withChanges, withoutPaths, type ItemsCache } from './items-cache.js';
import { listingPages, streamIntoCache, type LiveCache } from './items-stream.js';
import { useItems } from './items.js';
import { keys } from '../../data/query-keys.js';
import { buildTree } from '../../lib/file-tree.js';

afterEach(cleanup);

const paths = (c: ItemsCache | undefined): string[] => c?.items.map((i) => i.path) ?? [];

/** A cache of the test's own, each write seen by `show`. */
function liveCache(start: ItemsCache | undefined, show: (c: ItemsCache) => void = () => undefined): LiveCache {
  let cache = start;
  return {
    read: () => cache,
    write: (c) => {
      cache = c;
      show(c);
    },
  };
}

async function* pagesOf(pages: readonly ItemView[][], failAfter?: number): AsyncGenerator<ItemView[]> {
  for (const [n, page] of pages.entries()) {
    if (n === failAfter) throw new AppFailure(appError({ code: 'network', message: 'The answer broke off.' }));
    yield page;
  }
}

describe('streamIntoCache', () => {
  it('shows the first page at once, then at doubling sizes, in the order the pages came, each item once', async () => {
    const shown: string[][] = [];
    // d002 comes again in a later page, newer: one row, the newer version
    const again = item('site/d002', { updatedAt: '2026-02-01T00:00:00.000Z' });
    const pages = [docs(0, 3), docs(3, 4), [again, ...docs(4, 6)], docs(6, 20)];
    const whole = await streamIntoCache(
      pagesOf(pages),
      liveCache(undefined, (c) => shown.push(paths(c))),
    );
    expect(shown[0]).toEqual(['site/d000', 'site/d001', 'site/d002']);
    // 1 item after 3 shown waits; with 3 more (4 ≥ 3) the list grows; the last page then the end
    expect(shown.map((s) => s.length)).toEqual([3, 6, 20, 20]);
    expect(paths(whole)).toEqual(docs(0, 20).map((i) => i.path));
    expect(whole.items.find((i) => i.path === 'site/d002')?.updatedAt).toBe('2026-02-01T00:00:00.000Z');
    expect(whole.since).toBe('2026-02-01T00:00:00.000Z');
  });

  it('a failure part way shows what arrived, then throws; a retry merges into it and drops what is gone', async () => {
    let shown: ItemsCache | undefined;
    const failed = streamIntoCache(
      pagesOf([docs(0, 5), docs(5, 10), docs(10, 15)], 2),
      liveCache(undefined, (c) => (shown = c)),
    );
    await expect(failed).rejects.toMatchObject({ error: { code: 'network' } });
    expect(paths(shown)).toEqual(docs(0, 10).map((i) => i.path));
    expect(shown?.incomplete).toMatchObject({ received: 10, error: { code: 'network' } });

    // meanwhile d001 was deleted; d000's header had been decrypted for its row
    const opened = { ...shown!.items[0]!, decryptedHeader: doc('consent.pdf', 10) };
    const before = fromFullList([opened, ...shown!.items.slice(1)]);
    const retried = await streamIntoCache(
      pagesOf([docs(0, 1), docs(2, 15)]),
      liveCache(before, (c) => (shown = c)),
    );
    expect(paths(retried)).toEqual([...docs(0, 1), ...docs(2, 15)].map((i) => i.path));
    expect(retried.items[0]?.decryptedHeader).toMatchObject({ fileName: 'consent.pdf' });
    expect(shown).toBe(retried);
    expect(retried.incomplete).toBeUndefined();
  });
});

function wrapper(api: ExchangeApi, client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <ApiProvider api={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiProvider>
  );
}

describe('useItems on a streamed listing', () => {
  it('has rows from the first page on while the rest still load', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const service = streamingService([docs(0, 2), docs(2, 5)]);
    const { result } = renderHook(() => useItems('p', 'c'.repeat(32)), { wrapper: wrapper(service.api, client) });
    await service.release();
    await waitFor(() => expect(paths(result.current.data)).toEqual(docs(0, 2).map((i) => i.path)));
    expect(result.current.isFetching).toBe(true);
    await service.release();
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(paths(result.current.data)).toEqual(docs(0, 5).map((i) => i.path));
    expect(result.current.isSuccess).toBe(true);
    // the list cached is the one merged (not a structurally shared copy), so its tree is kept and grown
    const items = result.current.data?.items ?? [];
    expect(buildTree(items)).toBe(buildTree(items));
    client.clear();
  });

  it('a failure part way keeps the rows that arrived with the error; Retry completes the list', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const service = streamingService([docs(0, 2), docs(2, 5)], { failAt: 1 });
    const { result } = renderHook(() => useItems('p', 'c'.repeat(32)), { wrapper: wrapper(service.api, client) });
    await service.release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(paths(result.current.data)).toEqual(docs(0, 2).map((i) => i.path));
    expect(result.current.error).toMatchObject({ error: { code: 'network' } });

    void result.current.refetch();
    await service.release();
    // the retry's first page merges into the rows kept: nothing blinks out meanwhile
    expect(paths(result.current.data)).toEqual(docs(0, 2).map((i) => i.path));
    await service.release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(service.opened()).toBe(2);
    expect(paths(result.current.data)).toEqual(docs(0, 5).map((i) => i.path));
    client.clear();
  });
});

describe('useItems while other writers change the items cache', () => {
  it('keeps a header decrypted, an upload refreshed in and a delete made while the listing streams, to the end', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = keys.items('p', 'c'.repeat(32));
    // d001 comes again in the second page (main read it before the delete): it must not come back
    const service = streamingService([docs(0, 2), [...docs(1, 5)], docs(5, 8)]);
    const { result } = renderHook(() => useItems('p', 'c'.repeat(32)), { wrapper: wrapper(service.api, client) });
    await service.release();
    await waitFor(() => expect(paths(result.current.data)).toEqual(docs(0, 2).map((i) => i.path)));

    // as loadHeaders, an upload's refreshSince and a delete do, mid-listing
    const header = { ...docs(0, 1)[0]!, decryptedHeader: doc('consent.pdf', 10) };
    const upload = item('site/u001', { updatedAt: '2026-03-01T00:00:00.000Z' });
    client.setQueryData<ItemsCache>(key, (c) => withChanges(c, [header]));
    client.setQueryData<ItemsCache>(key, (c) => withChanges(c, [upload]));
    client.setQueryData<ItemsCache>(key, (c) => withoutPaths(c, ['site/d001']));

    const expected = ['site/d000', 'site/u001', ...docs(2, 8).map((i) => i.path)];
    const check = (c: ItemsCache | undefined): void => {
      expect(c?.items.find((i) => i.path === 'site/d000')?.decryptedHeader).toMatchObject({ fileName: 'consent.pdf' });
      expect(paths(c)).toContain('site/u001');
      expect(paths(c)).not.toContain('site/d001');
    };
    await service.release();
    await waitFor(() => expect(paths(result.current.data)).toContain('site/d004'));
    check(result.current.data);
    await service.release();
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.isSuccess).toBe(true);
    check(result.current.data);
    expect([...paths(result.current.data)].sort()).toEqual(expected.sort());
    expect(result.current.data?.since).toBe('2026-03-01T00:00:00.000Z');
    client.clear();
  });
});

describe('listingPages', () => {
  it('asks for pages until the last, and once cancelled stops asking and closes the listing', async () => {
    const asked: string[] = [];
    const api = {
      'items.listOpen': async () => ({ ok: true, value: { listingId: 'a'.repeat(32) } }),
      'items.listNext': async () => {
        asked.push('next');
        return { ok: true, value: { items: docs(asked.length, asked.length + 1), done: asked.length === 3 } };
      },
      'items.listClose': async () => {
        asked.push('close');
        return { ok: true, value: null };
      },
    } as unknown as ExchangeApi;
    const got: string[] = [];
    for await (const page of listingPages(api, 'c'.repeat(32))) got.push(...page.map((i) => i.path));
    expect(got).toEqual(['site/d001', 'site/d002', 'site/d003']);
    expect(asked).not.toContain('close');
    const stop = new AbortController();
    asked.length = 0;
    for await (const page of listingPages(api, 'c'.repeat(32), stop.signal)) if (page.length) stop.abort();
    // one page asked for, then main told to close the listing it would otherwise keep reading
    expect(asked).toEqual(['next', 'close']);
  });
});
