// A profile's backup through main's door, on the embedded sandbox: saved where the dialog says
// (0600), the profile removed (its pins with it), added back from the backup (a wrong password
// changes nothing) with its pinned certificates, and what was shared with it opens again.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueIdentity, parseCertificate } from '../../../shared/protocol/certificates.js';
import { certificateToPin } from '../../../shared/protocol/pinnable.js';
import type { AppCore } from '../platform.js';
import { PinStore, pinsFile } from '../trust/pin-store.js';
import { openAppCore, testPlatform, type CoreCall } from '../test-support/app-core.js';

let dir: string;
let core: AppCore;
let call: CoreCall;
let chosen: string | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'key-handlers-'));
  ({ core, call } = await openAppCore(join(dir, 'data'), testPlatform({ saveDialog: async () => chosen })));
});
afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('profiles.backup and the restore', () => {
  it('backs up a site\u2019s key, and the site removed and restored from it reads what was shared with it', async () => {
    const site = (await call('profiles.list', {})).find((p) => p.name.endsWith('Lakeside University'))!;
    expect(site.backedUp).toBe(false);
    // A collaborator's certificate the site approved and verified: the backup carries it.
    const other = 'ab'.repeat(16);
    const approved = issueIdentity('Elsewhere Clinic', { ca: createCertificateAuthority('Elsewhere CA') });
    const pins = new PinStore(join(dir, 'data'), site.id);
    await pins.approve(other, certificateToPin(parseCertificate(approved.certificatePem), other));
    const pinned = await pins.markVerified(other, 'compared by phone with Elsewhere');
    chosen = undefined;
    expect(await call('profiles.backup', { profileId: site.id, password: 'correct horse' })).toMatchObject({
      saved: false,
      profile: { backedUp: false },
    });
    chosen = join(dir, 'lakeside.p12');
    const saved = await call('profiles.backup', { profileId: site.id, password: 'correct horse' });
    expect(saved).toMatchObject({ saved: true, profile: { backedUp: true, readingKeyCount: 0 } });
    expect((await stat(chosen)).mode & 0o777).toBe(0o600);

    await call('profiles.remove', { profileId: site.id });
    const left = await call('profiles.list', {});
    expect(left.some((p) => p.id === site.id)).toBe(false);
    await expect(stat(pinsFile(join(dir, 'data'), site.id))).rejects.toMatchObject({ code: 'ENOENT' });
    const fields = {
      name: 'Lakeside restored',
      environment: site.environment,
      baseUrl: site.baseUrl,
      organizationId: site.organizationId,
    };
    const ref = () => core.registerFile({ path: chosen!, relativePath: 'lakeside.p12', size: 1 }).ref;
    await expect(
      call('profiles.importPkcs12', { ...fields, pkcs12File: ref(), password: 'wrong horse' }),
    ).rejects.toThrow(/wrong-password/);
    expect(await call('profiles.list', {})).toEqual(left);

    const restored = await call('profiles.importPkcs12', { ...fields, pkcs12File: ref(), password: 'correct horse' });
    expect(restored).toMatchObject({ backedUp: true, certificate: { thumbprint: site.certificate.thumbprint } });
    expect(await new PinStore(join(dir, 'data'), restored.id).pinned(other)).toEqual(pinned);
    await call('profiles.switch', { profileId: restored.id });
    const [study] = await call('containers.list', {});
    const visible = await call('items.list', { containerId: study!.id });
    const headers = await call('items.headers', { containerId: study!.id, itemPaths: visible.map((i) => i.path) });
    expect(
      headers
        .filter((h) => h.decryptedHeader)
        .map((h) => String(h.decryptedHeader?.fileName ?? h.decryptedHeader?.name)),
    ).toContain('delegation-log.xlsx');

    // Nothing in the data folder (profiles, activity log, transfer queue, key files) holds the password or a plain key.
    const files = (await readdir(join(dir, 'data'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    expect(files.some((f) => f.endsWith('.key'))).toBe(true);
    for (const file of files) {
      const text = (await readFile(file)).toString('latin1');
      expect(text, file).not.toContain('correct horse');
      expect(text, file).not.toContain('PRIVATE KEY');
    }
  });
});

describe('profiles.backup in the browser host (no save dialog)', () => {
  it('offers the PKCS#12 file once as a download, owner-only, and it restores the key', async () => {
    const opened = await openAppCore(join(dir, 'browser'), testPlatform());
    try {
      const site = (await opened.call('profiles.list', {})).find((p) => p.name.endsWith('Lakeside University'))!;
      expect(site.keys).toEqual([{ role: 'current', certificate: site.certificate }]);
      const answer = await opened.call('profiles.backup', { profileId: site.id, password: 'correct horse' });
      // Backed up only once the browser fetched it whole (host/backup-download.test.ts): this offer never is.
      expect(answer).toMatchObject({ saved: true, profile: { backedUp: false } });
      // The test platform's offer names the staged file in its URL.
      const staged = decodeURIComponent(answer.download!.replace('/api/download/', ''));
      expect(staged.endsWith('keys.p12')).toBe(true);
      expect((await stat(staged)).mode & 0o777).toBe(0o600);
      expect((await readFile(staged)).toString('latin1')).not.toContain('correct horse');
      const ref = opened.core.registerFile({ path: staged, relativePath: 'lakeside.p12', size: 1 }).ref;
      const restored = await opened.call('profiles.importPkcs12', {
        name: 'Lakeside again',
        environment: site.environment,
        baseUrl: site.baseUrl,
        organizationId: site.organizationId,
        pkcs12File: ref,
        password: 'correct horse',
      });
      expect(restored.certificate.thumbprint).toBe(site.certificate.thumbprint);
    } finally {
      await opened.core.close();
    }
  });
});
