// @vitest-environment happy-dom
// The window's profile list hears main's events: a switch keeps the keys the list knew, and the
// re-wrap after a renewal is kept all the window's life, so Settings opened later shows how it ended.
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventName, EventPayloads, ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ProfileView } from '../../../shared/ipc/views.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { profile } from '../../test-support/fixtures.js';
import { useRewrapProgress } from '../keys/rewrap-progress.js';
import { useProfiles } from './profiles.js';

function fakeApi(list: ProfileView[]) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = {
    'profiles.list': async () => ({ ok: true, value: list }),
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  } as unknown as ExchangeApi;
  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) =>
    act(() => listeners.get(event)?.forEach((l) => l(payload)));
  return { api, emit };
}

describe('useProfiles and useRewrapProgress', () => {
  it('keeps the re-wrap progress heard before Settings opened, and the keys across a switch', async () => {
    const keys = [{ role: 'current' as const }, { role: 'reading' as const }];
    const { api, emit } = fakeApi([profile({ keys }), profile({ id: 'p2', active: false })]);
    const client = new QueryClient();
    const wrapper = apiWrapper(api, client);
    const window = renderHook(() => useProfiles(), { wrapper });
    await waitFor(() => expect(window.result.current.data).toHaveLength(2));
    emit('keys.rewrap', { profileId: 'p1', done: 120, total: 400, finished: false });
    emit('keys.rewrap', { profileId: 'p1', done: 400, total: 400, finished: true, oldKeysNeeded: 0 });

    const settings = renderHook(() => useRewrapProgress(), { wrapper });
    expect(settings.result.current.p1).toMatchObject({ finished: true, oldKeysNeeded: 0 });
    emit('keys.rewrap', { profileId: 'p2', done: 1, total: 5, finished: false });
    await waitFor(() => expect(settings.result.current.p2).toMatchObject({ done: 1, total: 5 }));

    // The switch event does not list keys: those the list knew stay.
    emit('profile.switched', profile({ active: true }));
    await waitFor(() => expect(window.result.current.data?.[0]).toMatchObject({ active: true, keys }));

    // Main tells of a profile changed outside a call (a backup the browser fetched).
    emit('profile.updated', profile({ id: 'p2', active: false, backedUp: true }));
    await waitFor(() => expect(window.result.current.data?.[1]).toMatchObject({ id: 'p2', backedUp: true }));
  });
});
