// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ItemView } from '../../../shared/ipc/views.js';
import { item } from '../../test-support/fixtures.js';
import { ApiProvider } from '../../data/api-context.js';
import { fromFullList, type ItemsCache } from './items-cache.js';
import { useItems, useRefreshCachedItems } from './items.js';
import { keys } from '../../data/query-keys.js';

afterEach(cleanup);

const PROFILE = 'p1';
const STUDY = 'c'.repeat(32);

/**
 * The service as the renderer sees it: items.list answering the full list or what changed since
 * a time, and the streamed listing (items.listOpen / items.listNext) the full list in one page.
 */
function serviceWith(list: () => ItemView[]) {
  const calls: { since?: string }[] = [];
  const api = {
    'items.list': async (args: { containerId: string; since?: string }) => {
      calls.push({ ...(args.since ? { since: args.since } : {}) });
      const all = list();
      return {
        ok: true,
        value: args.since ? all.filter((i) => Date.parse(i.updatedAt) >= Date.parse(args.since ?? '')) : all,
      };
    },
    'items.listOpen': async () => {
      calls.push({});
      return { ok: true, value: { listingId: 'f'.repeat(32) } };
    },
    'items.listNext': async () => ({ ok: true, value: { items: list(), done: true } }),
  } as unknown as ExchangeApi;
  return { api, calls };
}

function wrapper(api: ExchangeApi, client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <ApiProvider api={api}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ApiProvider>
    </StrictMode>
  );
}

const before = [
  item('docs|a', { updatedAt: '2026-01-01T00:00:00Z' }),
  item('docs|b', { updatedAt: '2026-01-02T00:00:00Z' }),
];
// Meanwhile (under another profile): b changed, c was added, a was deleted.
const after = [
  item('docs|b', { updatedAt: '2026-01-05T00:00:00Z' }),
  item('docs|c', { updatedAt: '2026-01-04T00:00:00Z' }),
];

describe('opening a file browser on a cached list', () => {
  it('runs the changes-only refresh once in the background', async () => {
    const client = new QueryClient();
    client.setQueryData<ItemsCache>(keys.items(PROFILE, STUDY), fromFullList(before));
    const { api, calls } = serviceWith(() => after);
    const { result } = renderHook(
      () => {
        useRefreshCachedItems(PROFILE, STUDY);
        return useItems(PROFILE, STUDY);
      },
      { wrapper: wrapper(api, client) },
    );
    // the cached list shows at once, then the refreshed one
    await waitFor(() =>
      expect(result.current.data?.items.map((i) => `${i.path}@${i.updatedAt}`).sort()).toEqual([
        'docs/b@2026-01-05T00:00:00Z',
        'docs/c@2026-01-04T00:00:00Z',
      ]),
    );
    expect(result.current.data?.since).toBe('2026-01-05T00:00:00Z');
    // since, then the membership listing, once
    expect(calls).toEqual([{ since: '2026-01-02T00:00:00Z' }, {}]);
    client.clear();
  });

  it('does not refresh a list it has just fetched', async () => {
    const client = new QueryClient();
    const { api, calls } = serviceWith(() => before);
    const { result } = renderHook(
      () => {
        useRefreshCachedItems(PROFILE, STUDY);
        return useItems(PROFILE, STUDY);
      },
      { wrapper: wrapper(api, client) },
    );
    await waitFor(() => expect(result.current.data?.items).toHaveLength(2));
    expect(calls).toEqual([{}]);
    client.clear();
  });

  it('does not start a listing when nothing is cached', async () => {
    const client = new QueryClient();
    const { api, calls } = serviceWith(() => after);
    renderHook(() => useRefreshCachedItems(PROFILE, STUDY), { wrapper: wrapper(api, client) });
    await act(async () => undefined);
    expect(calls).toEqual([]);
    expect(client.getQueryData<ItemsCache>(keys.items(PROFILE, STUDY))).toBeUndefined();
    client.clear();
  });
});
