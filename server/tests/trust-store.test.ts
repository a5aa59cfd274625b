// `serve --trust-ca FILE…` (protocol.md §6): with a trust store, a certificate that does not
// chain to one of its CAs is refused with 1010, on both stores, and a CA kept in the store
// (as `sandbox --database` keeps its own) is trusted by every node on it without the flag;
// the help says so; a file that is not a CA certificate is a usage error at start, not a
// string of refusals later. A CA stored while a node runs is enforced by it at once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueIdentity, type Identity } from '../../shared/protocol/certificates.js';
import { registerInStore } from '../index.js';
import { openStore, type StoreOptions } from '../open-store.js';
import type { StoreKind } from '../store/store.js';
import { runCliToEnd, startChildServer, type ChildServer } from '../test-support/child-server.js';
import { SignedClient, type TestOrg } from '../test-support/signed-client.js';
import { STORES, freshStore } from '../test-support/stores.js';

let dir: string;
let ca: Identity;
let caFile: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trust-store-test-'));
  ca = createCertificateAuthority('Consortium CA', 2048);
  caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.certificatePem);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function stop(servers: readonly ChildServer[]): Promise<void> {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/** Through `port`: a stranger's certificate refused with 1010, one the consortium CA issued taken. */
async function expectTrustEnforced(port: number, admin: TestOrg, target: string): Promise<void> {
  const client = new SignedClient(port);
  const url = `/organizations/${target}/certificate`;
  const stranger = issueIdentity('Stranger', { bits: 2048 });
  const refused = await client.put(admin, url, stranger.certificatePem, { contentType: 'application/x-pem-file' });
  expect(refused.status).toBe(400);
  expect(refused.json().code).toBe(1010);
  expect(refused.json().details).toMatch(/trust/);
  const created = await client.post(admin, '/organizations', {
    name: `Stranger Org ${port}`,
    certificate: stranger.certificatePem,
  });
  expect(created.json().code).toBe(1010);
  const member = issueIdentity('Member', { ca, bits: 2048 });
  const ok = await client.put(admin, url, member.certificatePem, { contentType: 'application/x-pem-file' });
  expect(ok.status, ok.text).toBe(200);
}

/** A fresh store with an admin and a newcomer; the consortium CA kept in the store when `caInStore`. */
async function world(
  kind: StoreKind,
  caInStore: boolean,
): Promise<{ store: StoreOptions; admin: TestOrg; targets: string[] }> {
  const options = await freshStore(kind, mkdtempSync(join(dir, `${kind}-`)));
  const { store, release } = await openStore(options, () => undefined);
  try {
    if (caInStore) await store.addTrustedCa('consortium-ca', ca.certificatePem);
    const adminId = issueIdentity('Admin', { ca, bits: 2048 });
    const adminOrg = await registerInStore(store, {
      name: 'Admin',
      isAdmin: true,
      certificatePem: adminId.certificatePem,
      trustCaPems: [ca.certificatePem],
    });
    // one organization to certify per node
    const targets = [
      (await registerInStore(store, { name: 'Newcomer A' })).id,
      (await registerInStore(store, { name: 'Newcomer B' })).id,
    ];
    return { store: options, admin: { id: adminOrg.id, keyPem: adminId.privateKeyPem }, targets };
  } finally {
    await store.close();
    release();
  }
}

describe.each(STORES)('on %s', (kind) => {
  it('serve --trust-ca: refuses a certificate that does not chain to the trusted CA (1010) and takes one that does', async () => {
    const { store, admin, targets } = await world(kind, false);
    const server = await startChildServer(store, ['--trust-ca', caFile]);
    try {
      await expectTrustEnforced(server.port, admin, targets[0]!);
    } finally {
      await stop([server]);
    }
  });

  it('a CA kept in the store is trusted without --trust-ca, by every node on it (README: "trusted by every node")', async () => {
    const { store, admin, targets } = await world(kind, true);
    // PostgreSQL is what several nodes share; a data folder has one server
    const servers = await Promise.all(
      Array.from({ length: kind === 'postgres' ? 2 : 1 }, () => startChildServer(store)),
    );
    try {
      for (const [i, server] of servers.entries()) await expectTrustEnforced(server.port, admin, targets[i]!);
    } finally {
      await stop(servers);
    }
  });

  it('a CA stored after a node started is enforced by that node too (no trust kept in the process)', async () => {
    const { store, admin, targets } = await world(kind, false);
    const server = await startChildServer(store);
    try {
      // no trust store yet: any usable certificate is taken
      const early = issueIdentity('Early', { bits: 2048 });
      const taken = await new SignedClient(server.port).put(
        admin,
        `/organizations/${targets[1]!}/certificate`,
        early.certificatePem,
        {
          contentType: 'application/x-pem-file',
        },
      );
      expect(taken.status, taken.text).toBe(200);
      const { store: opened, release } = await openStore(store, () => undefined);
      try {
        await opened.addTrustedCa('consortium-ca', ca.certificatePem);
      } finally {
        await opened.close();
        release();
      }
      await expectTrustEnforced(server.port, admin, targets[0]!);
    } finally {
      await stop([server]);
    }
  });
});

describe('serve --trust-ca', () => {
  it('says so in --help, with the limits on unverified work', async () => {
    const help = await runCliToEnd(['serve', '--help']);
    expect(help.stdout).toMatch(/--trust-ca FILE/);
    expect(help.stdout).toMatch(/1010[\s\S]*does not chain/);
    expect(help.stdout).toMatch(/--max-unverified-bytes N/);
    expect(help.stdout).toMatch(/--max-uploads-per-org N/);
  });

  it('refuses to start with a file that is not a CA certificate, or a limit that is not a count', async () => {
    const leaf = join(dir, 'leaf.pem');
    writeFileSync(leaf, issueIdentity('Leaf', { ca, bits: 2048 }).certificatePem);
    const junk = join(dir, 'junk.pem');
    writeFileSync(junk, 'not a certificate');
    for (const [args, message] of [
      [['--trust-ca', leaf], /not a CA certificate/],
      [['--trust-ca', junk], /not a PEM certificate/],
      [['--trust-ca', join(dir, 'missing.pem')], /Cannot read/],
      [['--max-uploads-per-org', '0'], /--max-uploads-per-org must be a whole number/],
      [['--max-unverified-bytes', '1e9'], /--max-unverified-bytes must be a whole number/],
    ] as const) {
      const r = await runCliToEnd(['serve', '--data', join(dir, 'other'), '--port', '0', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
