// The window's Refresh on a study through the door (`changes.refresh` with its id): a whole
// listing of that study, so a document another organization shared with the user only now (an
// older item, which a `since` listing never reports: its time did not move) shows at once as New
// and in Changes. The app core on the embedded sandbox exchange; Riverside writes with its own session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreCall } from '../test-support/app-core.js';
import { sandboxWithRiverside, type SandboxWithRiverside } from '../test-support/sandbox-riverside.js';

let sandbox: SandboxWithRiverside;
let call: CoreCall;
let sirbId: string;
let study: string;

beforeAll(async () => {
  sandbox = await sandboxWithRiverside('change-handlers-');
  ({ call, sirbId } = sandbox);
  study = (await call('containers.list', {}))[0]!.id;
}, 120_000);

afterAll(() => sandbox?.close());

const riversideUploads = (fileName: string) => sandbox.riversideUploads(study, fileName);
const slash = (path: string) => path.replace(/\|/g, '/');
const unseen = async () => (await call('changes.unseen', {})).byStudy[study] ?? [];

describe('changes.refresh on a study', () => {
  it('lists it whole: a document shared with the user after a newer one arrived shows at once', async () => {
    await call('changes.refresh', {}); // the first listing of every study
    const older = await riversideUploads('site-roster.pdf');
    const newer = await riversideUploads('activation-packet.pdf');
    await sandbox.riverside.sharing.grant(study, newer, sirbId);
    await call('changes.refresh', {});
    expect(await unseen()).toContain(slash(newer));
    // shared only now: its time is older than the newest item the refresh has seen
    await sandbox.riverside.sharing.grant(study, older, sirbId);
    await call('changes.refresh', {}); // the loop's round: since, which cannot tell
    expect(await unseen()).not.toContain(slash(older));
    // the Refresh button on the study: main told the window what changed (it lists nothing of its own)
    expect(await call('changes.refresh', { containerId: study })).toEqual({ told: [study] });
    expect(await unseen()).toContain(slash(older));
    // in Changes at its own (older) time, yet first: the list goes by when the app noticed
    const changes = await call('changes.list', { containerId: study });
    expect(changes[0]).toMatchObject({ itemPath: slash(older), kind: 'added', name: 'site-roster.pdf', unseen: true });
    const newerEntry = changes.find((e) => e.itemPath === slash(newer))!;
    expect(Date.parse(changes[0]!.at)).toBeLessThan(Date.parse(newerEntry.at));
    expect(changes[0]).not.toHaveProperty('noticedAt');
  }, 120_000);
});
