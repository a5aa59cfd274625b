// Each profile its own transfers: sizes from the moment a file is queued, and a profile's
// Clear leaves another's list alone. The app core against the embedded sandbox exchange.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferView } from '../../../shared/ipc/views.js';
import { scratchAppCore, type ScratchAppCore } from '../test-support/app-core.js';

let app: ScratchAppCore;

beforeAll(async () => {
  app = await scratchAppCore('transfers-per-profile-');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** The listed transfers with these ids, once none of them is queued or running. */
async function settled(ids: readonly string[]): Promise<TransferView[]> {
  for (;;) {
    const list = (await app.call('transfers.list', {})).filter((t) => ids.includes(t.id));
    if (list.every((t) => t.state !== 'queued' && t.state !== 'running')) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('transfers per profile', () => {
  it('knows each size when queued, and clears one profile’s Failed tab only', async () => {
    const { call, core, dir } = app;
    const profiles = await call('profiles.list', {});
    const sirb = profiles.find((p) => p.active)!;
    const riverside = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
    const [study] = await call('containers.list', {});
    const local = join(dir, 'minutes.txt');
    await writeFile(local, 'minutes of the kick-off meeting');
    const good = core.registerFile({ path: local, relativePath: 'minutes.txt', size: 31 });
    const gone = core.registerFile({ path: join(dir, 'gone.txt'), relativePath: 'gone.txt', size: 1234 });
    const started = await call('transfers.upload', {
      containerId: study!.id,
      folder: 'Protocol',
      files: [
        { ref: good.ref, relativePath: 'minutes.txt' },
        { ref: gone.ref, relativePath: 'gone.txt' },
      ],
    });
    // the size is there from the start, never "0 bytes of 0 bytes"
    expect(started.map((t) => [t.total, t.profileId])).toEqual([
      [31, sirb.id],
      [1234, sirb.id],
    ]);
    const sirbIds = started.map((t) => t.id);
    expect((await settled(sirbIds)).map((t) => t.state)).toEqual(['verified', 'failed']);

    await call('profiles.switch', { profileId: riverside.id });
    const lost = core.registerFile({ path: join(dir, 'lost.txt'), relativePath: 'lost.txt', size: 99 });
    const [mine] = await call('transfers.upload', {
      containerId: study!.id,
      folder: 'Site documents',
      files: [{ ref: lost.ref, relativePath: 'lost.txt' }],
    });
    expect(mine?.profileId).toBe(riverside.id);
    expect((await settled([mine!.id])).map((t) => t.state)).toEqual(['failed']);

    // Riverside clears its Failed tab: its failure goes, the sIRB's stays
    const after = await call('transfers.clear', { states: ['failed', 'cancelled'] });
    expect(after.map((t) => t.id)).not.toContain(mine!.id);
    expect(after.find((t) => t.id === sirbIds[1])?.state).toBe('failed');
    expect(after.find((t) => t.id === sirbIds[0])?.state).toBe('verified');
  });
});
