// The window's Refresh on a study through the door (`changes.refresh` with its id): a whole
// listing of that study, so a document another organization shared with the user only now (an
// older item, which a `since` listing never reports: its time did not move) shows at once as New
// and in Changes. The app core on the embedded sandbox exchange; Riverside writes with its own session.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTrustedCas } from '../../../server/store/sqlite/trust-store.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { ProfileStore } from '../../services/profiles.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import type { AppCore } from '../platform.js';
import { openSession, type Session } from '../session.js';
import { openAppCore, testPlatform, type CoreCall } from '../test-support/app-core.js';

let dir: string;
let core: AppCore;
let call: CoreCall;
let riverside: Session;
let sirbId: string;
let study: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'change-handlers-'));
  const platform = testPlatform();
  ({ core, call } = await openAppCore(join(dir, 'data'), platform));
  const profiles = await call('profiles.list', {});
  sirbId = profiles.find((p) => p.active)!.organizationId;
  const site = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
  riverside = await openSession(
    await new ProfileStore(join(dir, 'data')).get(site.id),
    new KeyVault(join(dir, 'data'), platform.secretBox),
    'change handlers test',
    () => {},
    loadTrustedCas(join(dir, 'data', 'sandbox', 'exchange')),
  );
  study = (await call('containers.list', {}))[0]!.id;
}, 120_000);

afterAll(async () => {
  riverside?.close();
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Riverside uploads a document (shared with no one yet); answers its path, pipe form. */
async function riversideUploads(fileName: string): Promise<string> {
  const file = join(dir, fileName);
  await writeFile(file, `a document from Riverside: ${fileName}`);
  const path = newDocumentPath('Site documents');
  await uploadDocument({
    client: riverside.client,
    containerId: study,
    path,
    file,
    header: { name: fileName, fileName },
    wrapForSelf: riverside.keys.wrapForSelf,
  });
  return path;
}

const slash = (path: string) => path.replace(/\|/g, '/');
const unseen = async () => (await call('changes.unseen', {})).byStudy[study] ?? [];

describe('changes.refresh on a study', () => {
  it('lists it whole: a document shared with the user after a newer one arrived shows at once', async () => {
    await call('changes.refresh', {}); // the first listing of every study
    const older = await riversideUploads('site-roster.pdf');
    const newer = await riversideUploads('activation-packet.pdf');
    await riverside.sharing.grant(study, newer, sirbId);
    await call('changes.refresh', {});
    expect(await unseen()).toContain(slash(newer));
    // shared only now: its time is older than the newest item the refresh has seen
    await riverside.sharing.grant(study, older, sirbId);
    await call('changes.refresh', {}); // the loop's round: since, which cannot tell
    expect(await unseen()).not.toContain(slash(older));
    await call('changes.refresh', { containerId: study }); // the Refresh button on the study
    expect(await unseen()).toContain(slash(older));
    // in Changes at its own (older) time
    const entry = (await call('changes.list', { containerId: study })).find((e) => e.itemPath === slash(older));
    expect(entry).toMatchObject({ kind: 'added', name: 'site-roster.pdf', unseen: true });
  }, 120_000);
});
