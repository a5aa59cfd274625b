// @vitest-environment happy-dom
// New marks in the file browser: a New item's row, every folder holding one in the tree, and
// "Mark as seen" on a folder; opening a row clears its mark through main (changes.markSeen);
// a reveal request opens the study's folder at the items, selected.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { ItemView, UnseenView } from '../../../shared/ipc/views.js';
import { ApiProvider } from '../../data/api-context.js';
import { container, doc, item, profile } from '../../test-support/fixtures.js';
import { FileBrowser } from './file-browser.js';

afterEach(cleanup);

const STUDY = 'c'.repeat(32);
const SITE = '2'.repeat(32);
const ok = <T,>(value: T) => ({ ok: true as const, value });
const theirs = (id: string, fileName: string): ItemView => ({
  ...item(id, { ownedByMe: false, ownerId: SITE }),
  decryptedHeader: doc(fileName, 100),
});
const ITEMS = [
  theirs('site-a|visit-2|report', 'report.pdf'),
  theirs('site-a|visit-2|letter', 'letter.pdf'),
  theirs('site-a|consent', 'consent.pdf'),
  item('protocol', { header: doc('protocol.pdf', 10) }),
];

/** Main as the window sees it: the study's listing, its New set and Mark as seen; any other operation answers empty. */
function mainWith(initial: UnseenView) {
  let unseen = initial;
  const marked: unknown[] = [];
  const known: Record<string, (args: never) => Promise<unknown>> = {
    on: (() => () => undefined) as never,
    'items.listOpen': async () => ok({ listingId: 'f'.repeat(32) }),
    'items.listNext': async () => ok({ items: ITEMS, done: true }),
    'changes.unseen': async () => ok(unseen),
    'changes.markSeen': async (args: { containerId: string; itemPaths?: string[]; folderPath?: string }) => {
      marked.push(args);
      const left = (unseen.byStudy[args.containerId] ?? []).filter((p) =>
        args.itemPaths ? !args.itemPaths.includes(p) : !(args.folderPath === '' || p.startsWith(`${args.folderPath}/`)),
      );
      unseen = { byStudy: { [args.containerId]: left } };
      return ok(unseen);
    },
    'transfers.download': async () => ok({ kind: 'opened', path: '/tmp/x' }),
  };
  const api = new Proxy(known, {
    get: (target, name: string) => target[name] ?? (async () => ok([])),
  }) as unknown as ExchangeApi;
  return { api, marked };
}

function show(initial: UnseenView, reveal?: { itemPaths: string[]; nonce: number }) {
  const main = mainWith(initial);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiProvider api={main.api}>
      <QueryClientProvider client={client}>
        <FileBrowser
          profile={profile()}
          container={container(STUDY, '2026-01-01T00:00:00Z', { title: 'Protocol 2025-031' })}
          onOpenSlot={() => undefined}
          reveal={reveal}
        />
      </QueryClientProvider>
    </ApiProvider>,
  );
  return main;
}

const row = (path: string) => screen.getAllByTestId('file-row').find((r) => r.dataset.path === path);
const treeItem = (path: string) => screen.getAllByTestId('folder-tree-item').find((t) => t.dataset.treePath === path);

describe('New marks in the file browser', () => {
  it('marks the folders holding New items, and the New row with a badge, bold and a name that says so', async () => {
    show({ byStudy: { [STUDY]: ['site-a/visit-2/report'] } });
    await waitFor(() => expect(treeItem('')?.dataset.new).toBe('true'));
    expect(treeItem('site-a')?.dataset.new).toBe('true');
    // the root's folder row holds it too
    await waitFor(() => expect(row('site-a')?.dataset.new).toBe('true'));
    expect(within(row('site-a')!).getByText('(has new items)')).toBeTruthy();
    fireEvent.click(treeItem('site-a')!);
    await waitFor(() => expect(row('site-a/visit-2')?.dataset.new).toBe('true'));
    fireEvent.doubleClick(row('site-a/visit-2')!);
    expect(treeItem('site-a/visit-2')?.dataset.new).toBe('true');
    await waitFor(() => expect(row('site-a/visit-2/report')?.dataset.new).toBe('true'));
    const report = row('site-a/visit-2/report')!;
    expect(report.className).toContain('is-new');
    expect(within(report).getByTestId('row-new').textContent).toBe('New');
    expect(within(report).getAllByRole('gridcell')[0]?.textContent).toMatch(/^New: report\.pdf/);
    expect(row('site-a/visit-2/letter')?.dataset.new).toBeUndefined();
  });

  it("clears a row's mark when it is opened (Enter), through main", async () => {
    const main = show({ byStudy: { [STUDY]: ['site-a/consent', 'site-a/visit-2/report'] } });
    await waitFor(() => expect(row('site-a')).toBeTruthy());
    fireEvent.click(treeItem('site-a')!);
    await waitFor(() => expect(row('site-a/consent')?.dataset.new).toBe('true'));
    fireEvent.click(row('site-a/consent')!);
    fireEvent.keyDown(screen.getByTestId('file-list'), { key: 'Enter' });
    await waitFor(() => expect(row('site-a/consent')?.dataset.new).toBeUndefined());
    expect(main.marked).toEqual([{ containerId: STUDY, itemPaths: ['site-a/consent'] }]);
    // the other New item still marks its folder
    expect(row('site-a/visit-2')?.dataset.new).toBe('true');
  });

  it("marks a folder's subtree as seen from the toolbar and from the tree's context menu", async () => {
    const main = show({ byStudy: { [STUDY]: ['site-a/consent', 'site-a/visit-2/report', 'other/x'] } });
    await waitFor(() => expect(treeItem('site-a')?.dataset.new).toBe('true'));
    fireEvent.click(treeItem('site-a')!);
    fireEvent.click(await screen.findByTestId('mark-seen'));
    await waitFor(() => expect(treeItem('site-a')?.dataset.new).toBeUndefined());
    expect(treeItem('')?.dataset.new).toBe('true');
    // by keyboard on the tree: Shift+F10 on the current folder (the root now)
    fireEvent.click(treeItem('')!);
    fireEvent.keyDown(treeItem('')!, { key: 'F10', shiftKey: true });
    fireEvent.click(screen.getByTestId('menu-mark-seen'));
    await waitFor(() => expect(treeItem('')?.dataset.new).toBeUndefined());
    expect(main.marked).toEqual([
      { containerId: STUDY, folderPath: 'site-a' },
      { containerId: STUDY, folderPath: '' },
    ]);
    expect(screen.queryByTestId('mark-seen')).toBeNull();
  });

  it("reveals items: the first one's folder opens with them selected", async () => {
    show({ byStudy: {} }, { itemPaths: ['site-a/visit-2/letter', 'site-a/visit-2/report'], nonce: 1 });
    await waitFor(() => expect(row('site-a/visit-2/letter')?.getAttribute('aria-selected')).toBe('true'));
    expect(row('site-a/visit-2/report')?.getAttribute('aria-selected')).toBe('true');
    expect(treeItem('site-a/visit-2')?.getAttribute('aria-selected')).toBe('true');
    await act(async () => undefined);
  });
});
