// The certificate watch in the app core (embedded sandbox exchange): opening a profile's session
// checks its collaborators' certificates without anyone asking, and the answer reaches the window
// as an event that certificates.changes then repeats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { scratchAppCore, type CoreCall, type ScratchAppCore } from '../test-support/app-core.js';

let app: ScratchAppCore;
let call: CoreCall;

beforeAll(async () => {
  ({ call } = app = await scratchAppCore('certificate-watch-app-'));
}, 120_000);
afterAll(() => app?.close());

describe('the certificate watch in the app', () => {
  it('checks when a profile\u2019s session opens and sends the answer', async () => {
    const checks: EventPayloads['certificates.changed'][] = [];
    app.core.onEvent((event, payload) => {
      if (event === 'certificates.changed') checks.push(payload as EventPayloads['certificates.changed']);
    });
    const site = (await call('profiles.list', {})).find((p) => p.organizationName === 'Riverside Medical Center')!;
    await call('profiles.switch', { profileId: site.id });
    // Nothing else is called: the check runs because the session opened.
    await expect.poll(() => checks.map((c) => c.profileId), { timeout: 30_000 }).toContain(site.id);
    const sent = checks.find((c) => c.profileId === site.id)!;
    expect(sent).toEqual({ profileId: site.id, changes: [], expiring: [] });
    expect(await call('certificates.changes', {})).toEqual({ changes: [], expiring: [] });
  });
});
