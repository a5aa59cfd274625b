// Requests that race on one row, as several server processes (or one busy one) make them:
// on SQLite and on PostgreSQL, each is answered as if it had run alone.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../open-store.js';
import type { ItemWrite } from '../store/store.js';
import { freshStore, probeStore, STORES } from '../test-support/stores.js';
import { createWorld, type World } from '../test-support/world.js';

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld({ storeKind });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('concurrent grants and revokes of one collaborator are each answered 200, never 500', async () => {
    const c: string = (await w.client.post(w.sirb, '/containers', {})).json().url;
    const body = { organizationId: w.site.id };
    const statuses: number[] = [];
    // PostgreSQL: a revoke that locked the access row before the container row deadlocked with a grant
    for (let i = 0; i < 30; i++) {
      expect((await w.client.post(w.sirb, `${c}/organizations`, body)).status).toBe(200);
      const answers = await Promise.all([
        w.client.delete(w.sirb, `${c}/organizations`, body),
        w.client.post(w.sirb, `${c}/organizations`, body),
      ]);
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(w.logs.filter((l) => l.includes('unexpected error'))).toEqual([]);
  });

  it('a delete with the row read before a replace removes the item and the content it has now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'exchange-races-'));
    const options = await freshStore(storeKind, dir);
    const { store, tmpDir, release } = await openStore(options, () => undefined);
    const probe = probeStore(options);
    try {
      const write = (): ItemWrite => {
        const tempFile = join(tmpDir, randomBytes(6).toString('hex'));
        writeFileSync(tempFile, randomBytes(1000));
        return {
          header: 'AA==',
          headerHash: 'ab',
          contentHash: 'ab',
          keyHash: 'ab',
          iv: 'ab',
          key: 'AA==',
          contentLength: 1000,
          tempFile,
        };
      };
      const org = await store.insertOrganization({ name: 'Races IRB', isSirb: true }, 1);
      const c = await store.insertContainer(org.id, 1);
      await store.saveItem(c.id, 'doc', org.id, write(), 2);
      // the delete route reads the row, then another request (or node) replaces the item
      const stale = (await store.getVisibleItem(c.id, 'doc', org.id))!;
      await store.saveItem(c.id, 'doc', org.id, write(), 3);
      await store.deleteItem(stale);
      expect(await store.getVisibleItem(c.id, 'doc', org.id)).toBeUndefined();
      expect(await probe.referencedContents()).toEqual([]);
      expect(await probe.storedContents()).toEqual([]);
    } finally {
      await probe.close();
      await store.close();
      release();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
