// Settings → Reset sandbox makes the sandbox again: after the user changed it (a demo document
// deleted, a study created, another profile active), exactly the two named demo studies with their
// folders and documents, opened as the sIRB. The app core through the door, against the embedded
// sandbox exchange (a real reference server, real SQLite, real files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchAppCore, type CoreCall, type ScratchAppCore } from '../test-support/app-core.js';
import { DEMO_STUDIES } from './sandbox-demo.js';

let app: ScratchAppCore;
let call: CoreCall;

beforeAll(async () => {
  ({ call } = app = await scratchAppCore('sandbox-reset-'));
}, 120_000);
afterAll(() => app?.close());

/** The active profile's view of the sandbox: each study's title with its documents by folder and name, and who it is shared with. */
async function sandboxAsSeen() {
  const profiles = await call('profiles.list', {});
  const studies = await call('containers.list', {});
  return {
    profiles: profiles.map((p) => `${p.name}${p.active ? ' (active)' : ''}`).sort(),
    studies: await Promise.all(
      studies.map(async (s) => {
        const items = await call('items.list', { containerId: s.id });
        const headers = await call('items.headers', { containerId: s.id, itemPaths: items.map((i) => i.path) });
        const documents = headers
          .map(
            (h) =>
              `${h.path.split('/').slice(0, -1).join('/')}/${String(h.decryptedHeader?.fileName ?? h.decryptedHeader?.name)} ×${h.accessCount ?? '?'}`,
          )
          .sort();
        const collaborators = (await call('collaborators.list', { containerId: s.id })).map((o) => o.name).sort();
        return { title: s.title, protocol: s.study?.protocolNumber, documents, collaborators };
      }),
    ),
  };
}

describe('Reset sandbox', () => {
  it('brings back exactly the two named demo studies with their folders and documents, as the sIRB', async () => {
    const fresh = await sandboxAsSeen();
    expect(fresh.studies.map((s) => s.title)).toEqual(DEMO_STUDIES.map((d) => d.fields.title));
    expect(fresh.studies.every((s) => s.documents.length > 0)).toBe(true);

    // The user changes it: a demo document deleted, a study created, another profile active.
    const first = (await call('containers.list', {}))[0]!;
    const [doomed] = await call('items.list', { containerId: first.id });
    expect((await call('items.delete', { containerId: first.id, itemPaths: [doomed!.path] })).every((r) => r.ok)).toBe(
      true,
    );
    await call('containers.create', { title: 'Scratch study' });
    const riverside = (await call('profiles.list', {})).find((p) => p.name.endsWith('Riverside Medical Center'))!;
    await call('profiles.switch', { profileId: riverside.id });
    const changed = await call('profiles.list', {});
    expect(changed.find((p) => p.active)?.name).toBe('Sandbox \u2014 Riverside Medical Center');

    const after = await call('sandbox.reset', {});
    expect(after.find((p) => p.active)?.name).toBe('Sandbox \u2014 Sandbox IRB');
    const reset = await sandboxAsSeen();
    expect(reset).toEqual(fresh);
    expect((await call('connection.check', {})).ping.ok).toBe(true);
  }, 180_000);
});
