import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../../shared/ipc/views.js';
import { fromFullList, withChanges } from './items-cache.js';
import { item } from '../../test-support/fixtures.js';
import { buildTree, folderEntries } from '../../lib/file-tree.js';

// 100,000 items as the bench lists them: 20 sites x 50 visits, each item at site|visit|<id>;
// ids alternate between the pipe and the slash form, and the site folders are items too.
const COUNT = 100_000;
const siteOf = (i: number): string => `site-${String(i % 20).padStart(2, '0')}`;
const visitOf = (i: number): string => `visit-${String(Math.floor(i / 20) % 50).padStart(2, '0')}`;
const leaf = (i: number): string => `doc-${i.toString(16).padStart(8, '0')}`;

function generated(): ItemView[] {
  const list: ItemView[] = [];
  for (let i = 0; i < COUNT; i++) {
    const sep = i % 2 === 0 ? '|' : '/';
    list.push(
      item([siteOf(i), visitOf(i), leaf(i)].join(sep), {
        updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      }),
    );
  }
  for (let s = 0; s < 20; s++) list.push(item(siteOf(s)));
  return list;
}

describe('the tree of 100,000 items', () => {
  const list = generated();
  const cache = fromFullList(list);
  const tree = buildTree(cache.items);

  it('holds every item once, under its folder, with every folder made', () => {
    expect(cache.items).toHaveLength(COUNT + 20);
    expect(tree.items.size).toBe(COUNT + 20);
    // root + 20 sites + 20 x 50 visits
    expect(tree.folders.size).toBe(1 + 20 + 1000);
    expect(tree.folders.get('')?.folders).toEqual(Array.from({ length: 20 }, (_, s) => siteOf(s)));
    expect(tree.folders.get('')?.items.map((i) => i.path)).toEqual(Array.from({ length: 20 }, (_, s) => siteOf(s)));
    expect(tree.folders.get('site-07')?.folders).toHaveLength(50);
    expect(tree.folders.get('site-07')?.folders[0]).toBe('site-07/visit-00');
    let counted = 0;
    const misplaced: string[] = [];
    for (const node of tree.folders.values()) {
      for (const it of node.items) {
        const parent = it.path.includes('/') ? it.path.slice(0, it.path.lastIndexOf('/')) : '';
        if (parent !== node.path) misplaced.push(it.path);
        counted++;
      }
    }
    expect(misplaced).toEqual([]);
    expect(counted).toBe(COUNT + 20);
    // 100,000 / 1,000 visit folders
    expect(tree.folders.get('site-03/visit-41')?.items).toHaveLength(100);
    const i = 4321;
    expect(tree.items.get(`${siteOf(i)}/${visitOf(i)}/${leaf(i)}`)?.id).toBe(`${siteOf(i)}/${visitOf(i)}/${leaf(i)}`);
  });

  it('shows a site as a folder and an item, and names rows by their last segment', () => {
    const root = folderEntries(tree, '');
    expect(
      root
        .filter((e) => e.path === 'site-00')
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['folder', 'item']);
    expect(root.find((e) => e.kind === 'folder' && e.path === 'site-00')).toMatchObject({ childCount: 50 });
    const rows = folderEntries(tree, `${siteOf(9)}/${visitOf(9)}`);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toMatchObject({ kind: 'item', name: leaf(9), path: `${siteOf(9)}/${visitOf(9)}/${leaf(9)}` });
  });

  it('takes the newest updatedAt as since, and builds the same tree from a copy of the cached list', () => {
    expect(cache.since).toBe(new Date(Date.UTC(2026, 0, 1) + (COUNT - 1) * 1000).toISOString());
    const again = buildTree([...cache.items]);
    expect([...again.items.keys()]).toEqual([...tree.items.keys()]);
    expect([...again.folders.keys()]).toEqual([...tree.folders.keys()]);
  });

  it('merges a change that arrives in the other form, keeping one item', () => {
    const i = 100;
    const other = [siteOf(i), visitOf(i), leaf(i)].join('/');
    const next = withChanges(cache, [item(other, { updatedAt: '2027-01-01T00:00:00Z' })]);
    const rebuilt = buildTree(next.items);
    expect(rebuilt.items.size).toBe(COUNT + 20);
    expect(rebuilt.items.get(other)?.updatedAt).toBe('2027-01-01T00:00:00Z');
    expect(next.since).toBe('2027-01-01T00:00:00Z');
  });
});
