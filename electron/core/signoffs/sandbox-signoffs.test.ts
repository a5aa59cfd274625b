// The sandbox on first run (and after Reset sandbox) holds one signed sign-off and one
// outstanding request: the sIRB sees the first site's valid sign-off of the protocol, of this
// version, and its request for the consent form unanswered; the site sees the request asked of it,
// in its list and in Changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchAppCore, type CoreCall, type ScratchAppCore } from '../test-support/app-core.js';

let app: ScratchAppCore;
let call: CoreCall;

beforeAll(async () => {
  ({ call } = app = await scratchAppCore('sandbox-signoffs-'));
}, 120_000);
afterAll(() => app?.close());

async function demoPaths(): Promise<{ containerId: string; protocol: string; consent: string }> {
  const [study] = await call('containers.list', {});
  const listed = await call('items.list', { containerId: study!.id });
  const items = await call('items.headers', { containerId: study!.id, itemPaths: listed.map((i) => i.path) });
  const named = (fileName: string) => items.find((i) => i.decryptedHeader?.fileName === fileName)!.path;
  return {
    containerId: study!.id,
    protocol: named('protocol-2025-031-v2.pdf'),
    consent: named('informed-consent-v3.pdf'),
  };
}

async function expectDemoSignOffs(): Promise<void> {
  const { containerId, protocol, consent } = await demoPaths();
  expect(await call('signoffs.forItem', { containerId, itemPath: protocol })).toMatchObject([
    {
      signer: { name: 'A. Rivera', role: 'Study coordinator' },
      organization: { name: 'Riverside Medical Center' },
      meaning: 'acknowledged',
      valid: true,
      thisVersion: true,
    },
  ]);
  const [request, ...more] = await call('signoffs.requestsForItem', { containerId, itemPath: consent });
  expect(more).toEqual([]);
  expect(request).toMatchObject({ meaning: 'acknowledged', answered: false, overdue: false });
  expect(request!.organizations.length).toBeGreaterThan(0);
  expect(request!.organizations.every((o) => !o.answered)).toBe(true);
}

describe('sign-offs in the sandbox', () => {
  it('one signed sign-off and one outstanding request on first run, again after a reset', async () => {
    await expectDemoSignOffs();
    // the site the request asks sees it in its list
    const profiles = await call('profiles.list', {});
    const site = profiles.find((p) => p.name.includes('Riverside'))!;
    const sirb = profiles.find((p) => p.id !== site.id && p.roles.includes('sirb'))!;
    await call('profiles.switch', { profileId: site.id });
    const asked = await call('signoffs.requested', {});
    expect(asked).toMatchObject([
      {
        meaning: 'acknowledged',
        answered: false,
        documentName: 'informed-consent-v3.pdf',
        studyTitle: expect.stringContaining('2025-031'),
      },
    ]);
    // and in Changes, from its first listing of the study (its first run)
    await call('changes.refresh', {});
    const changes = await call('changes.list', {});
    expect(changes.filter((c) => c.kind === 'signoff-requested')).toMatchObject([
      { name: 'informed-consent-v3.pdf', studyTitle: expect.stringContaining('2025-031') },
    ]);
    await call('profiles.switch', { profileId: sirb.id });
    await call('sandbox.reset', {});
    await expectDemoSignOffs();
  });
});
