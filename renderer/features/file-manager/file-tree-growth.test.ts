// The tree grown page by page (mergeItems then buildTree on the cached list, as a streaming
// listing and refreshes do) must be exactly the tree built at once over every item: random page
// splits with an item repeated across pages (older, newer, same version with and without its
// header, in pipe or slash form) and items arriving before or after their folders' other items.
import { describe, expect, it } from 'vitest';
import type { ItemView } from '../../../shared/ipc/views.js';
import { withAccessCount, withChanges, withoutPaths, type ItemsCache } from './items-cache.js';
import { streamIntoCache } from './items-stream.js';
import { doc, item } from '../../test-support/fixtures.js';
import { buildTree, mergeItems, type FileTree } from '../../lib/file-tree.js';

/** mulberry32: a small seeded generator, so a failing seed can be run again. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Names that tie or reorder under the collator (case, numeric) as well as plain ones.
const SEGMENTS = ['a', 'A', 'b', 'f1', 'f01', 'f2', 'f10', 'site', 'Site', 'visit-9', 'visit-10', 'z'];
const TIMES = [
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00.000Z',
  '2026-01-01T02:00:00+02:00',
  '2026-02-01T00:00:00Z',
  '2026-03-01T00:00:00Z',
];

function randomItems(next: () => number, count: number): ItemView[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const list: ItemView[] = [];
  for (let i = 0; i < count; i++) {
    // a path seen before comes again a third of the time
    const again = list.length > 0 && next() < 0.33 ? pick(list).path : undefined;
    const segments = again
      ? again.split('/')
      : Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(SEGMENTS));
    const id = segments.join(next() < 0.5 ? '|' : '/');
    list.push(item(id, { updatedAt: pick(TIMES), ...(next() < 0.3 ? { header: doc(`${i}.pdf`, i) } : {}) }));
  }
  return list;
}

function splitRandomly(next: () => number, list: readonly ItemView[]): ItemView[][] {
  const pages: ItemView[][] = [];
  for (let at = 0; at < list.length;) {
    const size = Math.floor(next() * 12); // empty pages too
    pages.push(list.slice(at, at + size));
    at += size;
  }
  return pages;
}

/** Everything a tree holds, in order: items by path, folders with their children and items. */
function contents(tree: FileTree) {
  return {
    items: [...tree.items.entries()],
    folders: [...tree.folders.entries()].map(([path, node]) => [path, { ...node }]),
  };
}

describe('the tree grown page by page', () => {
  it('is exactly the tree built at once over the same items, after every page', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const all = randomItems(next, 1 + Math.floor(next() * 60));
      let cache: ItemsCache | undefined;
      let seen: ItemView[] = [];
      for (const page of splitRandomly(next, all)) {
        cache = withChanges(cache, page);
        seen = [...seen, ...page];
        // the tree is not asked for after every page (a refresh merges twice before a render)
        if (next() < 0.6) {
          const expected = buildTree(seen);
          expect(contents(buildTree(cache.items)), `seed ${seed}`).toEqual(contents(expected));
          expect(cache.items, `seed ${seed}`).toEqual([...expected.items.values()]);
        }
      }
      expect(contents(buildTree(cache?.items ?? [])), `seed ${seed}`).toEqual(contents(buildTree(all)));
    }
  });

  it('gives each update a new tree object, and the same one when asked again for the same list', () => {
    const first = mergeItems([], [item('a|1'), item('b|1')]);
    const tree1 = buildTree(first);
    expect(buildTree(first)).toBe(tree1);
    const second = mergeItems(first, [item('a|2')]);
    const tree2 = buildTree(second);
    expect(tree2).not.toBe(tree1);
    expect(tree2.folders.get('a')?.items.map((i) => i.path)).toEqual(['a/1', 'a/2']);
  });

  it('builds a list merged from twice afresh, each branch with only its own items', () => {
    const base = mergeItems([], [item('d|1'), item('d|2')]);
    buildTree(base);
    const left = mergeItems(base, [item('d|left'), item('e|x')]);
    const right = mergeItems(base, [item('d|right')]);
    expect(contents(buildTree(left))).toEqual(contents(buildTree([...base, item('d|left'), item('e|x')])));
    expect(contents(buildTree(right))).toEqual(contents(buildTree([...base, item('d|right')])));
    expect([...buildTree(base).items.keys()]).toEqual(['d/1', 'd/2']);
    expect(base).toHaveLength(2);
  });

  it('keeps the tree whole through an access count set on one item', () => {
    const cache = withChanges(undefined, [item('d|1'), item('d|2'), item('e|1')]);
    buildTree(cache.items);
    const counted = withAccessCount(cache, 'd/2', 3);
    const tree = buildTree(counted?.items ?? []);
    expect(tree.folders.get('d')?.items.map((i) => [i.path, i.accessCount])).toEqual([
      ['d/1', undefined],
      ['d/2', 3],
    ]);
    expect(contents(tree)).toEqual(contents(buildTree([...(counted?.items ?? [])])));
  });

  it('streamed in random pages, shows at every update and at the end the tree built at once', async () => {
    for (let seed = 1000; seed < 1100; seed++) {
      const next = random(seed);
      const all = randomItems(next, 1 + Math.floor(next() * 80));
      const pages = splitRandomly(next, all);
      let arrived: ItemView[] = [];
      async function* source(): AsyncGenerator<ItemView[]> {
        for (const page of pages) {
          arrived = [...arrived, ...page];
          yield page;
        }
      }
      const mismatches: number[] = [];
      let cached: ItemsCache | undefined;
      const whole = await streamIntoCache(source(), {
        read: () => cached,
        write: (cache) => {
          cached = cache;
          if (JSON.stringify(contents(buildTree(cache.items))) !== JSON.stringify(contents(buildTree(arrived))))
            mismatches.push(cache.items.length);
        },
      });
      expect(mismatches, `seed ${seed}`).toEqual([]);
      expect(contents(buildTree(whole.items)), `seed ${seed}`).toEqual(contents(buildTree(all)));
    }
  });

  it('streamed while another writer decrypts headers and deletes items, keeps every listed item not deleted, once', async () => {
    for (let seed = 2000; seed < 2100; seed++) {
      const next = random(seed);
      const all = randomItems(next, 1 + Math.floor(next() * 80));
      const pages = splitRandomly(next, all);
      let cached: ItemsCache | undefined;
      const deleted = new Set<string>();
      async function* source(): AsyncGenerator<ItemView[]> {
        for (const page of pages) {
          yield page;
          const some = cached?.items[Math.floor(next() * (cached?.items.length ?? 0))];
          if (!some || next() < 0.5) continue;
          if (next() < 0.5) cached = withChanges(cached, [{ ...some, decryptedHeader: doc('opened.pdf', 1) }]);
          else {
            cached = withoutPaths(cached, [some.path]);
            deleted.add(some.path);
          }
        }
      }
      const whole = await streamIntoCache(source(), { read: () => cached, write: (cache) => (cached = cache) });
      const expected = [...new Set(all.map((i) => i.path))].filter((p) => !deleted.has(p));
      expect(whole.items.map((i) => i.path).sort(), `seed ${seed}`).toEqual(expected.sort());
      expect(contents(buildTree(whole.items)), `seed ${seed}`).toEqual(contents(buildTree([...whole.items])));
    }
  });
});
