// @vitest-environment happy-dom
// What is New as main keeps it: read once, then followed by its events; Mark as seen takes main's
// answer; the window tells main when it is shown; reveal requests from main and from inside the
// window meet in one place.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ChangeView, UnseenView } from '../../../shared/ipc/views.js';
import { requestReveal, type RevealTarget } from '../../lib/reveal.js';
import { ApiProvider } from '../../data/api-context.js';
import { useRevealRequests } from '../../data/reveal.js';
import { studyUnseen, unseenCount, useChanges, useMarkSeen, useUnseen, useWindowVisibility } from './unseen.js';

afterEach(cleanup);

const PROFILE = 'p1';
const STUDY = 'c'.repeat(32);
const OTHER = 'd'.repeat(32);
const ok = <T,>(value: T) => ({ ok: true as const, value });

/** Main as the window sees it: its New set, what Mark as seen clears, its Changes, its events sent by the test. */
function mainWith(initial: UnseenView, changes: ChangeView[] = []) {
  let unseen = initial;
  const calls: { name: string; args: unknown }[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const record = (name: string, args: unknown) => calls.push({ name, args });
  const api = {
    on: (name: string, listener: (payload: unknown) => void) => {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)!.add(listener);
      return () => void listeners.get(name)?.delete(listener);
    },
    'changes.unseen': async (args: unknown) => (record('changes.unseen', args), ok(unseen)),
    'changes.markSeen': async (args: { containerId: string; itemPaths?: string[]; folderPath?: string }) => {
      record('changes.markSeen', args);
      const left = (unseen.byStudy[args.containerId] ?? []).filter((p) =>
        args.itemPaths ? !args.itemPaths.includes(p) : !(args.folderPath === '' || p.startsWith(`${args.folderPath}/`)),
      );
      unseen = { byStudy: { ...unseen.byStudy, [args.containerId]: left } };
      return ok(unseen);
    },
    'changes.list': async (args: unknown) => (record('changes.list', args), ok(changes)),
    'changes.setVisible': async (args: unknown) => (record('changes.setVisible', args), ok(null)),
  } as unknown as ExchangeApi;
  return {
    api,
    calls,
    emit: (name: string, payload: unknown) => act(() => listeners.get(name)?.forEach((l) => l(payload))),
  };
}

function wrapper(api: ExchangeApi) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <ApiProvider api={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiProvider>
  );
}

describe('useUnseen', () => {
  it("reads what is New, then follows main's changes.unseen event", async () => {
    const main = mainWith({ byStudy: { [STUDY]: ['site-a/consent'] } });
    const { result } = renderHook(() => useUnseen(PROFILE), { wrapper: wrapper(main.api) });
    await waitFor(() => expect(unseenCount(result.current.data)).toBe(1));
    await main.emit('changes.unseen', { byStudy: { [STUDY]: ['site-a/consent', 'site-b/x/report'], [OTHER]: ['a'] } });
    await waitFor(() => expect(unseenCount(result.current.data)).toBe(3));
    expect(unseenCount(result.current.data, STUDY)).toBe(2);
    expect(main.calls.filter((c) => c.name === 'changes.unseen')).toHaveLength(1);
  });

  it("marks every folder holding a New item, at any depth, and the study's root", () => {
    const study = studyUnseen({ byStudy: { [STUDY]: ['site-b/x/report', 'letter'] } }, STUDY);
    expect([...study.folders].sort()).toEqual(['', 'site-b', 'site-b/x']);
    expect(study.paths.has('site-b/x/report')).toBe(true);
    expect(studyUnseen({ byStudy: {} }, STUDY).folders.size).toBe(0);
  });
});

describe('useMarkSeen', () => {
  it("clears an item, then a folder's subtree, with main's answer", async () => {
    const main = mainWith({ byStudy: { [STUDY]: ['site-a/consent', 'site-b/x/report', 'site-b/letter'] } });
    const { result } = renderHook(() => ({ unseen: useUnseen(PROFILE), mark: useMarkSeen(PROFILE) }), {
      wrapper: wrapper(main.api),
    });
    await waitFor(() => expect(unseenCount(result.current.unseen.data)).toBe(3));
    await act(() => result.current.mark.mutateAsync({ containerId: STUDY, itemPaths: ['site-a/consent'] }));
    await waitFor(() =>
      expect(result.current.unseen.data?.byStudy[STUDY]).toEqual(['site-b/x/report', 'site-b/letter']),
    );
    await act(() => result.current.mark.mutateAsync({ containerId: STUDY, folderPath: 'site-b' }));
    await waitFor(() => expect(unseenCount(result.current.unseen.data, STUDY)).toBe(0));
  });
});

describe('useChanges', () => {
  it("asks for one study or all, and again when main's refresh found something", async () => {
    const main = mainWith({ byStudy: {} });
    renderHook(() => [useChanges(PROFILE, STUDY), useChanges(PROFILE, undefined)], { wrapper: wrapper(main.api) });
    await waitFor(() => expect(main.calls.filter((c) => c.name === 'changes.list')).toHaveLength(2));
    expect(main.calls.map((c) => c.args)).toEqual([{ containerId: STUDY }, {}]);
    await main.emit('study.changed', { containerId: STUDY, changed: [], removedPaths: ['x'] });
    await waitFor(() => expect(main.calls.filter((c) => c.name === 'changes.list').length).toBeGreaterThanOrEqual(4));
  });
});

describe('useWindowVisibility', () => {
  it('tells main at start and whenever the window is shown or hidden', async () => {
    const main = mainWith({ byStudy: {} });
    let hidden = false;
    const spy = vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    try {
      renderHook(() => useWindowVisibility(), { wrapper: wrapper(main.api) });
      hidden = true;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      hidden = false;
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() =>
        expect(main.calls.filter((c) => c.name === 'changes.setVisible').map((c) => c.args)).toEqual([
          { visible: true },
          { visible: false },
          { visible: true },
        ]),
      );
    } finally {
      spy.mockRestore();
    }
  });
});

describe('useRevealRequests', () => {
  it('hears a reveal asked inside the window and one sent by main (a notification clicked)', async () => {
    const main = mainWith({ byStudy: {} });
    const heard: RevealTarget[] = [];
    renderHook(() => useRevealRequests((t) => heard.push(t)), { wrapper: wrapper(main.api) });
    act(() => requestReveal({ containerId: STUDY, itemPaths: ['site-a/consent'] }));
    await main.emit('reveal', { containerId: OTHER, itemPaths: ['a', 'b'] });
    expect(heard).toEqual([
      { containerId: STUDY, itemPaths: ['site-a/consent'] },
      { containerId: OTHER, itemPaths: ['a', 'b'] },
    ]);
  });
});
