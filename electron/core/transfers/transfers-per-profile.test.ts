// Each profile its own transfers: sizes from the moment a file is queued, main sends the windows
// the active profile's transfers only (events and lists), a profile's Clear leaves another's
// list alone, and Cancel and Retry refuse another profile's transfer as they do an unknown id.
// The app core against the embedded sandbox exchange.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, EventPayloads } from '../../../shared/ipc/contract.js';
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

/** What main sent the windows about transfers, each with the profile active when it was sent. */
interface Sent {
  readonly active: string;
  readonly event: EventName;
  readonly profileIds: readonly (string | undefined)[];
}

describe('transfers per profile', () => {
  it('sends the windows only the active profile’s transfers, and clears its Failed tab only', async () => {
    const { call, core, dir } = app;
    const profiles = await call('profiles.list', {});
    const sirb = profiles.find((p) => p.active)!;
    const riverside = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
    let active = sirb.id;
    const ownerOf = new Map<string, string | undefined>();
    const sent: Sent[] = [];
    const off = core.onEvent(<E extends EventName>(event: E, payload: EventPayloads[E]) => {
      if (event === 'transfers.changed') {
        const list = payload as EventPayloads['transfers.changed'];
        for (const t of list) ownerOf.set(t.id, t.profileId);
        sent.push({ active, event, profileIds: list.map((t) => t.profileId) });
      }
      if (event === 'transfer.progress') {
        const { id } = payload as EventPayloads['transfer.progress'];
        sent.push({ active, event, profileIds: [ownerOf.get(id) ?? `unknown ${id}`] });
      }
    });
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

    // (nothing is running: what main sends from here on is for the profile being switched to)
    active = riverside.id;
    await call('profiles.switch', { profileId: riverside.id });
    // on the switch main sends Riverside's list: the sIRB's transfers leave the window
    expect(sent.at(-1)).toEqual({ active: riverside.id, event: 'transfers.changed', profileIds: [] });
    expect((await call('transfers.list', {})).map((t) => t.id)).toEqual([]);
    const lost = core.registerFile({ path: join(dir, 'lost.txt'), relativePath: 'lost.txt', size: 99 });
    const [mine] = await call('transfers.upload', {
      containerId: study!.id,
      folder: 'Site documents',
      files: [{ ref: lost.ref, relativePath: 'lost.txt' }],
    });
    expect(mine?.profileId).toBe(riverside.id);
    expect((await settled([mine!.id])).map((t) => t.state)).toEqual(['failed']);

    // Riverside clears its Failed tab: its failure goes, and the answer names none of the sIRB's
    expect(await call('transfers.clear', { states: ['failed', 'cancelled'] })).toEqual([]);
    active = sirb.id;
    await call('profiles.switch', { profileId: sirb.id });
    // the sIRB's stay: its failure is still there to retry
    const back = await call('transfers.list', {});
    expect(back.find((t) => t.id === sirbIds[1])?.state).toBe('failed');
    expect(back.find((t) => t.id === sirbIds[0])?.state).toBe('verified');
    expect(back.map((t) => t.profileId)).not.toContain(riverside.id);
    off();

    // Every list and progress main sent held the active profile's transfers only (both profiles sent some).
    const strays = sent.filter((e) => e.profileIds.some((id) => id !== e.active));
    expect(strays).toEqual([]);
    const owners = new Set(sent.flatMap((e) => e.profileIds));
    expect(owners).toEqual(new Set([sirb.id, riverside.id]));
  });

  it('refuses to cancel or retry another profile’s transfer, as it refuses an unknown id', async () => {
    const { call, core, dir } = app;
    const profiles = await call('profiles.list', {});
    const sirb = profiles.find((p) => p.roles.includes('sirb'))!;
    const riverside = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
    await call('profiles.switch', { profileId: sirb.id });
    const [study] = await call('containers.list', {});
    const missing = core.registerFile({ path: join(dir, 'missing.txt'), relativePath: 'missing.txt', size: 7 });
    const [upload] = await call('transfers.upload', {
      containerId: study!.id,
      folder: 'Protocol',
      files: [{ ref: missing.ref, relativePath: 'missing.txt' }],
    });
    expect((await settled([upload!.id])).map((t) => t.state)).toEqual(['failed']);
    // its own profile cancels it: a cancelled transfer is one a Retry would queue again
    expect((await call('transfers.cancel', { transferId: upload!.id })).state).toBe('cancelled');

    await call('profiles.switch', { profileId: riverside.id });
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'done',
        (e: Error) => e.message.replace(/^[^:]+: /, ''),
      );
    const unknownId = 'f'.repeat(32);
    for (const op of ['transfers.cancel', 'transfers.retry'] as const) {
      const unknown = await refusal(call(op, { transferId: unknownId }));
      expect(unknown).toMatch(/"code":"not-found"/);
      expect(await refusal(call(op, { transferId: upload!.id }))).toBe(unknown);
    }

    // back on the sIRB: its transfer is as it left it (not queued again), and its Retry works
    await call('profiles.switch', { profileId: sirb.id });
    expect((await call('transfers.list', {})).find((t) => t.id === upload!.id)?.state).toBe('cancelled');
    expect((await call('transfers.retry', { transferId: upload!.id })).id).toBe(upload!.id);
    expect((await settled([upload!.id])).map((t) => t.state)).toEqual(['failed']);
  });
});
