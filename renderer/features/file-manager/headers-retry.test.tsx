// @vitest-environment happy-dom
// Headers that could not be read for a passing reason (the network, a busy exchange) are not
// "unreadable": the rows are asked again, and the upload's name-conflict check refuses to guess.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { AppError, ItemView } from '../../../shared/ipc/views.js';
import { HEADERS_RETRY_MS, useLazyHeaders } from './use-lazy-headers.js';
import { toRow } from '../../lib/rows.js';
import { appError, doc, item } from '../../test-support/fixtures.js';
import { ApiProvider } from '../../data/api-context.js';
import { fromFullList, type ItemsCache } from './items-cache.js';
import { useFolderDocuments, useLoadHeaders } from './items.js';
import { keys } from '../../data/query-keys.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PROFILE = 'p1';
const STUDY = 'c'.repeat(32);
const KEY = keys.items(PROFILE, STUDY);
const consent = item('site|consent', { updatedAt: '2026-01-01T00:00:00.000Z' });
const offline = appError({
  code: 'network',
  message: 'The exchange could not be reached.',
  retryable: true,
  status: undefined,
});

/** items.headers failing with `failures` in turn, then decrypting: each asked item gets a file name. */
function headersService(failures: AppError[]) {
  let asked = 0;
  const api = {
    'items.headers': async ({ itemPaths }: { itemPaths: string[] }) => {
      asked++;
      const failure = failures.shift();
      if (failure) return { ok: false, error: failure };
      return {
        ok: true,
        value: itemPaths.map((p) => ({
          ...item(p.replace('/', '|'), { updatedAt: consent.updatedAt }),
          decryptedHeader: doc('consent.pdf', 10),
        })),
      };
    },
  } as unknown as ExchangeApi;
  return { api, asked: () => asked };
}

function setUp(failures: AppError[]) {
  const client = new QueryClient();
  client.setQueryData<ItemsCache>(KEY, fromFullList([consent]));
  const service = headersService(failures);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider api={service.api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiProvider>
  );
  const { result } = renderHook(
    () => ({
      load: useLoadHeaders(PROFILE, STUDY),
      existingIn: useFolderDocuments(PROFILE, STUDY),
      lazy: useLazyHeaders(PROFILE, STUDY),
    }),
    { wrapper },
  );
  const cached = (): ItemView => client.getQueryData<ItemsCache>(KEY)!.items[0]!;
  return { client, service, result, cached };
}

describe('headers that could not be read for a passing reason', () => {
  it('leave the row unmarked and say which to ask again; a lasting refusal still marks it', async () => {
    const { result, cached } = setUp([offline]);
    const first = await act(() => result.current.load(['site/consent']));
    expect(first).toMatchObject({ paths: ['site/consent'], error: { code: 'network' } });
    expect(cached().headerProblem).toBeUndefined();
    expect(await act(() => result.current.load(['site/consent']))).toEqual({ paths: [], error: undefined });
    expect(cached().decryptedHeader).toMatchObject({ fileName: 'consent.pdf' });

    const refused = setUp([appError({ code: '2007', explanation: 'You may not read it.', retryable: false })]);
    expect(await act(() => refused.result.current.load(['site/consent']))).toEqual({ paths: [], error: undefined });
    expect(refused.cached().headerProblem).toBe('You may not read it.');
  });

  it('fail the name-conflict check instead of reporting documents without names', async () => {
    const { result } = setUp([offline]);
    await expect(act(() => result.current.existingIn(['site']))).rejects.toMatchObject({ error: { code: 'network' } });
    // once the exchange answers, the same-named document is there to conflict with
    expect(await act(() => result.current.existingIn(['site']))).toEqual([
      { path: 'site/consent', fileName: 'consent.pdf', ownedByMe: true },
    ]);
  });

  it('are asked again a while later for the rows still in view', async () => {
    vi.useFakeTimers();
    const { result, service, cached } = setUp([offline]);
    const row = toRow(
      { kind: 'item', key: 'site/consent', path: 'site/consent', name: 'consent', item: cached() },
      { names: new Map() },
    );
    act(() => result.current.lazy([row]));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(service.asked()).toBe(1);
    expect(cached().headerProblem).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(HEADERS_RETRY_MS + 200));
    expect(service.asked()).toBe(2);
    expect(cached().decryptedHeader).toMatchObject({ fileName: 'consent.pdf' });
  });
});
