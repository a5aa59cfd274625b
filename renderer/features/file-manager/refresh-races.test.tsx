// @vitest-environment happy-dom
// Main's shared refresh (Refresh asks it; its `study.changed` is merged) and the window's own
// listings (the first, and the catch-up on a cached list) while the user changes the study: an answer is a snapshot from when it was read, so
// what this window uploaded, saved or deleted meanwhile must survive it, and what others revoked
// or deleted must still go.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ItemView, TransferView } from '../../../shared/ipc/views.js';
import { item, transfer } from '../../test-support/fixtures.js';
import { ApiProvider } from '../../data/api-context.js';
import { fromFullList, type ItemsCache } from './items-cache.js';
import {
  catchUpItems,
  refreshSince,
  useDeleteItems,
  useFollowStudyChanges,
  useItems,
  useRefreshItems,
} from './items.js';
import { keys } from '../../data/query-keys.js';
import { useTransfers } from '../transfers/transfers.js';

afterEach(cleanup);

const PROFILE = 'p1';
const STUDY = 'c'.repeat(32);
const KEY = keys.items(PROFILE, STUDY);
const ok = <T,>(value: T) => ({ ok: true as const, value });

/**
 * Main as the window sees it, over a study the test changes: items.list answers from the study
 * as it is; a paged listing is the study as it was when opened, each page held until released;
 * items.delete deletes; transfers.changed events are sent by the test.
 */
function studyService(initial: ItemView[], options: { holdSince?: boolean } = {}) {
  let holdSince = options.holdSince ?? false;
  let study = [...initial];
  const gates: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => gates.push(resolve));
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let snapshot: ItemView[] = [];
  let served = 0;
  let listings = 0;
  const refreshes: string[] = [];
  let finds: unknown;
  let listedBefore = false;
  const api = {
    on: (name: string, listener: (payload: unknown) => void) => {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)!.add(listener);
      return () => void listeners.get(name)?.delete(listener);
    },
    'changes.refresh': async ({ containerId }: { containerId: string }) => {
      refreshes.push(containerId);
      if (finds) for (const l of listeners.get('study.changed') ?? []) l(finds);
      // main tells the window whatever changed since its previous listing, found or not
      return ok({ told: finds || listedBefore ? [containerId] : [] });
    },
    'transfers.list': async () => ok([]),
    'items.list': async ({ since }: { since?: string }) => {
      listings++;
      const answer = since ? study.filter((i) => Date.parse(i.updatedAt) >= Date.parse(since)) : study;
      if (holdSince) await hold();
      return ok(answer);
    },
    'items.listOpen': async () => {
      listings++;
      snapshot = [...study];
      served = 0;
      return ok({ listingId: 'f'.repeat(32) });
    },
    'items.listNext': async () => {
      await hold();
      const page = snapshot.slice(served, served + 2);
      served += page.length;
      return ok({ items: page, done: served >= snapshot.length });
    },
    'items.delete': async ({ itemPaths }: { itemPaths: string[] }) => {
      study = study.filter((i) => !itemPaths.includes(i.path));
      return ok(itemPaths.map((itemPath) => ({ itemPath, organizationId: '1'.repeat(32), ok: true })));
    },
  } as unknown as ExchangeApi;
  return {
    api,
    refreshes,
    listings: () => listings,
    /** What main's refresh finds (told as `study.changed` before it answers); nothing by default. */
    refreshFinds: (event: unknown) => (finds = event),
    /** Main listed the study before: its refresh tells what changed (maybe nothing). */
    listedBefore: () => (listedBefore = true),
    holdSince: (on: boolean) => (holdSince = on),
    /** What another organization or this window's upload did on the exchange. */
    change: (next: (items: ItemView[]) => ItemView[]) => (study = next(study)),
    emit: (name: string, payload: unknown) => act(() => listeners.get(name)?.forEach((l) => l(payload))),
    release: async (): Promise<void> => {
      await waitFor(() => expect(gates.length).toBeGreaterThan(0));
      await act(async () => gates.shift()!());
    },
    pending: () => gates.length,
    releaseAll: async (): Promise<void> => {
      for (;;) {
        await act(async () => undefined);
        if (gates.length === 0) return;
        await act(async () => gates.shift()!());
      }
    },
  };
}

function wrapper(api: ExchangeApi, client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <ApiProvider api={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiProvider>
  );
}

const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
const a = item('docs|a', { updatedAt: at(1) });
const b = item('docs|b', { updatedAt: at(2) });
const c = item('docs|c', { updatedAt: at(3) });

function setUp(options?: { holdSince?: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<ItemsCache>(KEY, fromFullList([a, b, c]));
  const service = studyService([a, b, c], options);
  const { result } = renderHook(
    () => ({
      follow: useFollowStudyChanges(PROFILE),
      refresh: useRefreshItems(PROFILE, STUDY).changesOnly,
      remove: useDeleteItems(PROFILE, STUDY),
      transfers: useTransfers(PROFILE),
    }),
    { wrapper: wrapper(service.api, client) },
  );
  const paths = (): string[] =>
    (client.getQueryData<ItemsCache>(KEY)?.items ?? []).map((i) => `${i.path}@${i.updatedAt.slice(8, 10)}`).sort();
  return { client, service, result, paths };
}

/** An upload of this window finishing: main's transfers.changed event with it verified. */
const uploaded = (itemPath: string): TransferView[] => [
  transfer({ id: itemPath, itemPath, containerId: STUDY, profileId: PROFILE, state: 'verified' }),
];

/** Main's shared refresh found this (its answer read at some point before it arrives). */
const found = (changed: ItemView[], removedPaths: string[] = []) => ({ containerId: STUDY, changed, removedPaths });

describe('Refresh', () => {
  it("asks main's shared refresh for the study, and nothing of its own when main tells what it found", async () => {
    const { service, result, paths } = setUp();
    const d = item('docs|d', { updatedAt: at(4) });
    service.refreshFinds(found([d]));
    await act(() => result.current.refresh.mutateAsync());
    expect(service.refreshes).toEqual([STUDY]);
    expect(service.listings()).toBe(0);
    expect(paths()).toContain('docs/d@04');
  });

  it('asks nothing of its own when main answers it told what changed, though nothing did', async () => {
    const { service, result, paths } = setUp();
    service.listedBefore();
    await act(() => result.current.refresh.mutateAsync());
    expect(service.refreshes).toEqual([STUDY]);
    expect(service.listings()).toBe(0);
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02', 'docs/c@03']);
  });

  it('asks one since when main told nothing of the study (its first listing of it tells nothing)', async () => {
    const { service, result, paths } = setUp();
    service.change((study) => [...study, item('records|r', { updatedAt: at(5) })]);
    await act(() => result.current.refresh.mutateAsync());
    expect(service.refreshes).toEqual([STUDY]);
    expect(service.listings()).toBe(1);
    expect(paths()).toContain('records/r@05');
  });
});

describe("main's shared refresh while the user changes the study", () => {
  it('keeps a document uploaded after the refresh read the study', async () => {
    const { service, result, paths } = setUp();
    await waitFor(() => expect(result.current.transfers.isSuccess).toBe(true));
    const upload = item('docs|u', { updatedAt: at(9) });
    service.change((study) => [...study, upload]);
    await service.emit('transfers.changed', uploaded('docs/u'));
    await waitFor(() => expect(paths()).toContain('docs/u@09'));
    await service.emit('study.changed', found([b]));
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02', 'docs/c@03', 'docs/u@09']);
  });

  it('keeps a newer version saved meanwhile, not the older one the refresh read', async () => {
    const { client, service, paths } = setUp();
    service.change((study) => study.map((i) => (i.path === 'docs/b' ? { ...b, updatedAt: at(8) } : i)));
    await act(() => refreshSince(service.api, client, PROFILE, STUDY));
    expect(paths()).toContain('docs/b@08');
    await service.emit('study.changed', found([b]));
    expect(paths()).toEqual(['docs/a@01', 'docs/b@08', 'docs/c@03']);
    expect(client.getQueryData<ItemsCache>(KEY)?.since).toBe(at(8));
  });

  it('does not bring back an item deleted after the refresh read it', async () => {
    const { service, result, paths } = setUp();
    await act(() => result.current.remove.mutateAsync(['docs/c']));
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02']);
    await service.emit('study.changed', found([c]));
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02']);
  });

  it('brings back a path deleted here when another organization writes it again', async () => {
    const { service, result, paths } = setUp();
    await act(() => result.current.remove.mutateAsync(['docs/c']));
    await service.emit('study.changed', found([{ ...c, updatedAt: at(7) }]));
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02', 'docs/c@07']);
  });

  it('still drops what others revoked or deleted and adds what was newly shared', async () => {
    const { service, paths } = setUp();
    const shared = item('docs|s', { updatedAt: at(1) }); // older than since: only a whole listing finds it
    await service.emit('study.changed', found([shared], ['docs/a']));
    expect(paths()).toEqual(['docs/b@02', 'docs/c@03', 'docs/s@01']);
  });

  it('does not bring back a document uploaded and deleted here that the refresh read in between', async () => {
    const { service, result, paths } = setUp();
    await waitFor(() => expect(result.current.transfers.isSuccess).toBe(true));
    const upload = item('docs|u', { updatedAt: at(9) });
    service.change((study) => [...study, upload]);
    await service.emit('transfers.changed', uploaded('docs/u'));
    await waitFor(() => expect(paths()).toContain('docs/u@09'));
    await act(() => result.current.remove.mutateAsync(['docs/u']));
    await service.emit('study.changed', found([upload]));
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02', 'docs/c@03']);
  });
});

describe('a study main lists for the first time (joined)', () => {
  it('is listed again whole when the window has it cached: its items are not in the event', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData<ItemsCache>(KEY, fromFullList([a]));
    const service = studyService([a, b]);
    const { result } = renderHook(() => ({ follow: useFollowStudyChanges(PROFILE), items: useItems(PROFILE, STUDY) }), {
      wrapper: wrapper(service.api, client),
    });
    await service.emit('study.changed', { containerId: STUDY, changed: [], removedPaths: [], joined: true });
    await service.releaseAll();
    await waitFor(() =>
      expect(result.current.items.data?.items.map((i) => i.path).sort()).toEqual(['docs/a', 'docs/b']),
    );
  });
});

describe('catching up on a cached list (opened again) while the user changes the study', () => {
  it('keeps a document uploaded while the membership listing streams', async () => {
    const { client, service, result, paths } = setUp();
    await waitFor(() => expect(result.current.transfers.isSuccess).toBe(true));
    const catching = catchUpItems(service.api, client, PROFILE, STUDY);
    await service.release(); // the listing's first page: the study as it was
    const upload = item('docs|u', { updatedAt: at(9) });
    service.change((study) => [...study, upload]);
    await service.emit('transfers.changed', uploaded('docs/u'));
    await waitFor(() => expect(paths()).toContain('docs/u@09'));
    await service.releaseAll();
    await act(() => catching);
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02', 'docs/c@03', 'docs/u@09']);
  });

  it('keeps a newer version saved while the listing streams, not the older one listed', async () => {
    const { client, service, paths } = setUp();
    const catching = catchUpItems(service.api, client, PROFILE, STUDY);
    await service.release();
    service.change((study) => study.map((i) => (i.path === 'docs/b' ? { ...b, updatedAt: at(8) } : i)));
    await act(() => refreshSince(service.api, client, PROFILE, STUDY));
    expect(paths()).toContain('docs/b@08');
    await service.releaseAll();
    await act(() => catching);
    expect(paths()).toEqual(['docs/a@01', 'docs/b@08', 'docs/c@03']);
    expect(client.getQueryData<ItemsCache>(KEY)?.since).toBe(at(8));
  });

  it('does not bring back an item deleted while the listing streams', async () => {
    const { client, service, result, paths } = setUp();
    const catching = catchUpItems(service.api, client, PROFILE, STUDY);
    await service.release();
    await act(() => result.current.remove.mutateAsync(['docs/c']));
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02']);
    await service.releaseAll();
    await act(() => catching);
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02']);
  });

  it('still drops what others revoked or deleted and adds what was newly shared', async () => {
    const { client, service, paths } = setUp();
    const shared = item('docs|s', { updatedAt: at(1) }); // older than since: only the listing brings it
    service.change((study) => [...study.filter((i) => i.path !== 'docs/a'), shared]);
    const catching = catchUpItems(service.api, client, PROFILE, STUDY);
    await service.releaseAll();
    await act(() => catching);
    expect(paths()).toEqual(['docs/b@02', 'docs/c@03', 'docs/s@01']);
  });
});

describe('catching up while the user uploads and deletes the same document', () => {
  it('does not bring back a document uploaded after the catch-up began and deleted before its listing ended', async () => {
    const { client, service, result, paths } = setUp({ holdSince: true });
    await waitFor(() => expect(result.current.transfers.isSuccess).toBe(true));
    const catching = catchUpItems(service.api, client, PROFILE, STUDY);
    // the catch-up's since answer was read before the upload reached the exchange...
    const upload = item('docs|u', { updatedAt: at(9) });
    await waitFor(() => expect(service.pending()).toBe(1));
    service.change((study) => [...study, upload]);
    service.holdSince(false);
    await service.release();
    // ...its listing after: it holds the upload, which the window then refreshes in and deletes
    await waitFor(() => expect(service.pending()).toBe(1));
    await service.emit('transfers.changed', uploaded('docs/u'));
    await waitFor(() => expect(paths()).toContain('docs/u@09'));
    await act(() => result.current.remove.mutateAsync(['docs/u']));
    await service.releaseAll();
    await act(() => catching);
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02', 'docs/c@03']);
  });
});

describe('a changes-only (since) refresh while the user deletes', () => {
  it('does not bring back an item deleted while its answer was on the way', async () => {
    // since is inclusive: the newest item seen (c) is in every since answer
    const { client, service, result, paths } = setUp({ holdSince: true });
    const refreshing = refreshSince(service.api, client, PROFILE, STUDY);
    await act(() => result.current.remove.mutateAsync(['docs/c']));
    await service.release();
    await act(() => refreshing);
    expect(paths()).toEqual(['docs/a@01', 'docs/b@02']);
  });
});

describe('the first listing while the user changes the study', () => {
  it('keeps an upload and a newer version saved meanwhile, and does not bring back a delete', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const service = studyService([a, b, c, item('docs|d', { updatedAt: at(4) })]);
    const { result } = renderHook(() => ({ items: useItems(PROFILE, STUDY), remove: useDeleteItems(PROFILE, STUDY) }), {
      wrapper: wrapper(service.api, client),
    });
    await service.release(); // a, b shown
    await waitFor(() => expect(result.current.items.data?.items).toHaveLength(2));
    const upload = item('docs|u', { updatedAt: at(9) });
    service.change((study) => [...study.map((i) => (i.path === 'docs/c' ? { ...c, updatedAt: at(8) } : i)), upload]);
    await act(() => refreshSince(service.api, client, PROFILE, STUDY));
    await act(() => result.current.remove.mutateAsync(['docs/a']));
    await service.releaseAll(); // c as it was when the listing began, and d
    await waitFor(() => expect(result.current.items.isSuccess).toBe(true));
    const paths = result.current.items.data?.items.map((i) => `${i.path}@${i.updatedAt.slice(8, 10)}`).sort();
    expect(paths).toEqual(['docs/b@02', 'docs/c@08', 'docs/d@04', 'docs/u@09']);
  });

  it('does not bring back a document refreshed in and deleted before the listing that holds it ends', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const upload = item('docs|u', { updatedAt: at(9) });
    const service = studyService([a, b, upload]);
    const { result } = renderHook(() => ({ items: useItems(PROFILE, STUDY), remove: useDeleteItems(PROFILE, STUDY) }), {
      wrapper: wrapper(service.api, client),
    });
    await service.release(); // a, b shown
    await waitFor(() => expect(result.current.items.data?.items).toHaveLength(2));
    // the upload's since refresh brings it in, and the user deletes it; the listing's last page still holds it
    await act(() => refreshSince(service.api, client, PROFILE, STUDY));
    await waitFor(() => expect(result.current.items.data?.items.map((i) => i.path)).toContain('docs/u'));
    await act(() => result.current.remove.mutateAsync(['docs/u']));
    await service.releaseAll();
    await waitFor(() => expect(result.current.items.isSuccess).toBe(true));
    expect(result.current.items.data?.items.map((i) => i.path).sort()).toEqual(['docs/a', 'docs/b']);
  });
});
