// One key, one organization (decisions §3): a certificate whose thumbprint another organization
// already has is refused with 1010 and details that say so, at create and at certificate PUT, on
// both stores; two nodes registering the same certificate for two organizations at once leave it
// with one (the schema's unique index decides, not a read before the write).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueIdentity, type Identity } from '../../shared/protocol/certificates.js';
import { registerInStore } from '../index.js';
import { openStore, type StoreOptions } from '../open-store.js';
import { startChildServer, type ChildServer } from '../test-support/child-server.js';
import { SignedClient, type TestOrg } from '../test-support/signed-client.js';
import { STORES, freshStore } from '../test-support/stores.js';

let dir: string;
let ca: Identity;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'certificate-uniqueness-'));
  ca = createCertificateAuthority('Consortium CA', 2048);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface World {
  readonly store: StoreOptions;
  readonly admin: TestOrg;
  readonly riverside: { readonly id: string; readonly pem: string };
  readonly lakeside: string;
  readonly harbor: string;
}

async function world(kind: 'sqlite' | 'postgres'): Promise<World> {
  const options = await freshStore(kind, mkdtempSync(join(dir, `${kind}-`)));
  const { store, release } = await openStore(options, () => undefined);
  try {
    await store.addTrustedCa('consortium-ca', ca.certificatePem);
    const adminId = issueIdentity('Admin', { ca });
    const admin = await registerInStore(store, {
      name: 'Admin',
      isAdmin: true,
      certificatePem: adminId.certificatePem,
    });
    const riversidePem = issueIdentity('Riverside Medical Center', { ca }).certificatePem;
    const riverside = await registerInStore(store, { name: 'Riverside', certificatePem: riversidePem });
    // registering directly is refused the same way (the store's rule)
    await expect(registerInStore(store, { name: 'Copycat', certificatePem: riversidePem })).rejects.toThrow(
      /already registered to another organization/,
    );
    return {
      store: options,
      admin: { id: admin.id, keyPem: adminId.privateKeyPem },
      riverside: { id: riverside.id, pem: riversidePem },
      lakeside: (await registerInStore(store, { name: 'Lakeside' })).id,
      harbor: (await registerInStore(store, { name: 'Harbor' })).id,
    };
  } finally {
    await store.close();
    release();
  }
}

const pemType = { contentType: 'application/x-pem-file' };

async function stop(servers: readonly ChildServer[]): Promise<void> {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

describe.each(STORES)('on %s', (kind) => {
  it('refuses another organization\u2019s certificate at create and at PUT (1010), and keeps an organization\u2019s own', async () => {
    const w = await world(kind);
    const server = await startChildServer(w.store);
    try {
      const client = new SignedClient(server.port);
      const put = await client.put(w.admin, `/organizations/${w.lakeside}/certificate`, w.riverside.pem, pemType);
      expect(put.status).toBe(400);
      expect(put.json()).toMatchObject({
        code: 1010,
        details: expect.stringMatching(/^The certificate \(SHA-1 fingerprint [0-9a-f]{40}\) is already registered/),
      });
      expect(put.json().details).not.toMatch(/thumbprint/i);
      const created = await client.post(w.admin, '/organizations', { name: 'Copycat', certificate: w.riverside.pem });
      expect(created.status).toBe(400);
      expect(created.json().code).toBe(1010);
      // nothing changed: Lakeside still has none, no Copycat
      expect((await client.get(w.admin, `/organizations/${w.lakeside}`)).json().thumbprint ?? '').toBe('');
      expect((await client.get(w.admin, '/organizations?name=Copycat')).json()).toEqual([]);
      // the organization's own certificate again is no conflict
      const again = await client.put(w.admin, `/organizations/${w.riverside.id}/certificate`, w.riverside.pem, pemType);
      expect(again.status, again.text).toBe(200);
    } finally {
      await stop([server]);
    }
  });

  it('two nodes registering one certificate for two organizations at once leave it with one', async () => {
    const w = await world(kind);
    const servers = await Promise.all([startChildServer(w.store), startChildServer(w.store)]);
    try {
      for (let round = 0; round < 3; round++) {
        const pem = issueIdentity(`Shared ${round}`, { ca }).certificatePem;
        const answers = await Promise.all(
          [w.lakeside, w.harbor].map((org, i) =>
            new SignedClient(servers[i]!.port).put(w.admin, `/organizations/${org}/certificate`, pem, pemType),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
        expect(answers.find((a) => a.status === 400)!.json().code).toBe(1010);
        const listed = (await new SignedClient(servers[0]!.port).get(w.admin, '/organizations')).json() as {
          thumbprint?: string;
        }[];
        const thumbprints = listed.map((o) => o.thumbprint).filter((t): t is string => !!t);
        expect(new Set(thumbprints).size).toBe(thumbprints.length);
      }
    } finally {
      await stop(servers);
    }
  });
});
