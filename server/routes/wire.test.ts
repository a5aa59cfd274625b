// The wire JSON of a listed item, written directly from the row the store lists (the
// database writes its tail), is the text of JSON.stringify of the Item, on both stores.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshStore, probeStore, STORES, type StoreProbe } from '../test-support/stores.js';
import type { ListQuery } from '../store/listing-sql.js';
import { openStore } from '../open-store.js';
import type { ListedWireRow } from '../store/rows.js';
import type { Store } from '../store/store.js';
import { toItem, wireItemJson } from './wire.js';

const FIELDS = {
  header: 'AA==',
  headerHash: 'a'.repeat(64),
  contentHash: 'b'.repeat(64),
  keyHash: 'c'.repeat(64),
  iv: 'd'.repeat(32),
  key: 'AA==',
  contentLength: 4,
};

describe.each(STORES)('wire JSON on %s', (kind) => {
  let dir: string;
  let store: Store;
  let release: () => void;
  let probe: StoreProbe;
  let containerId: string;
  let owner: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'exchange-wire-'));
    const options = await freshStore(kind, dir);
    ({ store, release } = await openStore(options, () => undefined));
    owner = (await store.insertOrganization({ name: 'A', isSirb: true }, 1)).id;
    containerId = (await store.insertContainer(owner, 1)).id;
    probe = probeStore(options);
  });
  afterAll(async () => {
    await probe.close();
    await store.close();
    release();
    rmSync(dir, { recursive: true, force: true });
  });

  async function listed(path: string): Promise<ListedWireRow[]> {
    const q: ListQuery = { containerId, orgId: owner, path, recurse: true };
    const rows: ListedWireRow[] = [];
    await store.listItems(q, async (batches) => {
      for await (const batch of batches) rows.push(...batch);
    });
    return rows;
  }

  /** The item as the listing writes it and as JSON.stringify writes the Item the store reads. */
  async function bothTexts(path: string): Promise<[string, string]> {
    const row = (await listed(path.split('|')[0]!)).find((r) => r[0] === path)!;
    return [
      wireItemJson(containerId, row),
      JSON.stringify(toItem((await store.getVisibleItem(containerId, path, owner))!)),
    ];
  }

  it('writes the wire JSON of an item exactly as JSON.stringify of the Item', async () => {
    await probe.insertItems(containerId, owner, [{ path: 'f7|item7', ...FIELDS }], 5);
    const [text, item] = await bothTexts('f7|item7');
    expect(text).toBe(item);
    // a path is any text: escaped in the JSON, encoded in the URLs
    const odd = 'odd|a "quoted"|b\\slash|ü €|x%2Fy';
    await probe.insertItems(containerId, owner, [{ path: odd, ...FIELDS }], 5);
    const [oddText, oddItem] = await bothTexts(odd);
    expect(JSON.parse(oddText)).toEqual(JSON.parse(oddItem));
    expect((JSON.parse(oddText) as { url: string }).url).toBe(
      `/containers/${containerId}/items/odd/a%20%22quoted%22/b%5Cslash/%C3%BC%20%E2%82%AC/x%252Fy`,
    );
    // a path of URL-safe characters only takes the short way and gives the same URL
    await probe.insertItems(containerId, owner, [{ path: "odd|A-z_0.9~!*'()", ...FIELDS }], 5);
    const [safeText] = await bothTexts("odd|A-z_0.9~!*'()");
    expect((JSON.parse(safeText) as { url: string }).url).toBe(
      `/containers/${containerId}/items/odd/${encodeURIComponent("A-z_0.9~!*'()")}`,
    );
  });

  it('writes hostile paths and far times byte for byte as JSON.stringify of the Item', async () => {
    const hostile = [
      'hostile|a "quoted"|b\\slash|ü €|x%2Fy',
      "hostile|A-z_0.9~!*'()",
      'hostile|slash/in/segment|x',
      'hostile|tab\tnew\nline\u0001\u001f\u007f',
      'hostile|emoji 😀|\u2028\u2029|日本語',
      'hostile|{"json":[1,2]}|<tag>&amp;',
      'hostile|question?hash#plus+equals=',
      'hostile|trailing |  two  spaces',
    ];
    await probe.insertItems(
      containerId,
      owner,
      hostile.map((path) => ({ path, ...FIELDS })),
      5,
    );
    const times = [
      0, 999, 86_399_999, 1_700_000_000_123, 253_402_300_799_999, 253_402_300_800_000, -1, -62_135_596_800_001,
      8_640_000_000_000_000,
    ];
    for (const [i, t] of times.entries())
      await probe.insertItems(containerId, owner, [{ path: `hostile|time|${i}`, ...FIELDS }], t);
    const rows = await listed('hostile');
    expect(rows).toHaveLength(hostile.length + times.length);
    for (const row of rows) {
      expect(wireItemJson(containerId, row)).toBe(
        JSON.stringify(toItem((await store.getVisibleItem(containerId, row[0], owner))!)),
      );
    }
  });

  // values the routes never store (they are hex and Base-64): SQLite escapes them (json_quote),
  // PostgreSQL's listing writes them as they are, so its schema refuses them
  const oddFields = { ...FIELDS, header: 'a"b\n\u0001\\ü€', key: 'k"\t' };
  if (kind === 'sqlite') {
    it('escapes field values the routes never store', async () => {
      await probe.insertItems(containerId, owner, [{ path: 'odd|fields', ...oddFields }], 5);
      const [text, item] = await bothTexts('odd|fields');
      expect(JSON.parse(text)).toEqual(JSON.parse(item));
    });
  } else {
    it('refuses field values the listing could not write unescaped', async () => {
      await expect(
        probe.insertItems(containerId, owner, [{ path: 'odd|header', ...oddFields, key: 'AA==' }], 5),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(
        probe.insertItems(containerId, owner, [{ path: 'odd|key', ...FIELDS, key: oddFields.key }], 5),
      ).rejects.toMatchObject({ code: '23514' });
      expect(await store.getVisibleItem(containerId, 'odd|header', owner)).toBeUndefined();
    });
  }
});
