// "Find in all studies" right after this app changed a study: an upload, a delete or a record
// written is found (or gone) at once, not when the index is next old enough to rebuild. The app
// core through the door, against the embedded sandbox exchange.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchAppCore, type CoreCall, type ScratchAppCore } from '../test-support/app-core.js';

let app: ScratchAppCore;
let call: CoreCall;

beforeAll(async () => {
  ({ call } = app = await scratchAppCore('search-after-'));
}, 120_000);
afterAll(() => app?.close());

/** The hits once main has read every header (the window asks again while `indexing`). */
async function findAll(query: string): Promise<string[]> {
  for (;;) {
    const answer = await call('search.find', { query });
    if (!answer.indexing) return answer.hits.map((h) => h.itemPath);
  }
}

async function uploaded(containerId: string, fileName: string): Promise<string> {
  const local = join(app.dir, fileName);
  await writeFile(local, 'a document uploaded after the index was built');
  const { ref } = app.core.registerFile({ path: local, relativePath: fileName, size: 46 });
  const [t] = await call('transfers.upload', {
    containerId,
    folder: 'Protocol',
    files: [{ ref, relativePath: fileName }],
  });
  for (let i = 0; i < 400; i++) {
    const now = (await call('transfers.list', {})).find((x) => x.id === t!.id);
    if (now?.state === 'verified') return now.itemPath;
    expect(now?.state).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the upload did not finish');
}

describe('Find after this app changed a study', () => {
  it('finds an upload and a record at once, and no longer finds what was deleted', async () => {
    const [study] = await call('containers.list', {});
    // the index is built, and fresh for a while, before anything changes
    expect(await findAll('zebra-late')).toEqual([]);
    expect(await findAll('quokka')).toEqual([]);

    const path = await uploaded(study!.id, 'zebra-late.pdf');
    expect(await findAll('zebra-late')).toEqual([path]);

    await call('items.writeRecord', {
      containerId: study!.id,
      itemPath: 'records/quokka',
      header: { type: 'visit', version: '1', name: 'Quokka visit log' },
      content: {},
    });
    expect(await findAll('quokka')).toEqual(['records/quokka']);

    const [deleted] = await call('items.delete', { containerId: study!.id, itemPaths: [path] });
    expect(deleted?.ok).toBe(true);
    expect(await findAll('zebra-late')).toEqual([]);
  });
});
