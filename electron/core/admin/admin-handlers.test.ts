// The administrator's handlers, checked against a real exchange: what the window sends is
// refused before it reaches the service when it cannot be what it claims.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import type { AppContext } from '../app-context.js';
import type { Session } from '../profiles/session.js';
import { fixtureSession } from '../test-support/fixture-session.js';
import { createDoor, type Handlers } from '../ipc-door.js';
import { adminHandlers } from './admin-handlers.js';

let fx: ExchangeFixture;
let dir: string;
let admin: Session;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'admin-handlers-'));
  admin = await fixtureSession(fx, fx.admin, join(dir, 'admin'));
}, 120_000);

afterAll(async () => {
  admin?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('admin handlers', () => {
  it('refuses a certificate that is not strict Base-64 before anything is sent', async () => {
    const asAdmin = adminHandlers({
      session: async () => admin,
      record: async () => undefined,
    } as unknown as AppContext);
    const before = await admin.client.getOrganization(fx.site.org.id);
    // Node's lenient decoder reads all three (it drops what it does not know and needs no padding)
    for (const certificateBase64 of ['not base64!', 'TUlJQg', 'TUlJ-_==']) {
      await expect(
        asAdmin['admin.putCertificate']({
          organizationId: fx.site.org.id,
          certificateBase64,
          mediaType: 'application/pkix-cert',
        }),
      ).rejects.toMatchObject({ code: 'invalid-argument' });
    }
    expect(await admin.client.getOrganization(fx.site.org.id)).toEqual(before);
  });

  it('refuses at the door a media type the service does not take a certificate in', async () => {
    let reached = 0;
    const asAdmin = adminHandlers({
      session: async () => {
        reached++;
        return admin;
      },
      record: async () => undefined,
    } as unknown as AppContext);
    const door = createDoor({ handlers: asAdmin as unknown as Handlers, isTrustedSender: () => true });
    const before = await admin.client.getOrganization(fx.site.org.id);
    const put = (mediaType: string) =>
      door.call({ url: 'app://test' }, 'admin.putCertificate', {
        organizationId: fx.site.org.id,
        certificateBase64: Buffer.from(fx.site.identity.certificatePem).toString('base64'),
        mediaType,
      });
    for (const mediaType of ['text/plain', 'application/x-pem-file\r\nX-Injected: 1', '']) {
      expect(await put(mediaType)).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument', details: expect.stringContaining('mediaType') },
      });
    }
    expect(reached).toBe(0);
    expect(await admin.client.getOrganization(fx.site.org.id)).toEqual(before);
    // one the service takes passes the door (the same certificate again: nothing changes)
    expect(await put('application/x-pem-file')).toMatchObject({ ok: true, value: { thumbprint: before.thumbprint } });
    expect(reached).toBe(1);
  });
});
