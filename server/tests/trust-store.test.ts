// `serve --trust-ca FILE…` (decisions §5): with a trust store, a certificate that does not
// chain to one of its CAs is refused with 1010; the help says so; a file that is not a CA
// certificate is a usage error at start, not a string of refusals later.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueIdentity, type Identity } from '../../shared/protocol/certificates.js';
import { registerOrganization } from '../index.js';
import { runCliToEnd, startChildServer, type ChildServer } from '../test-support/child-server.js';
import { SignedClient, type TestOrg } from '../test-support/signed-client.js';

let dir: string;
let ca: Identity;
let caFile: string;
let server: ChildServer;
let admin: TestOrg;
let target: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trust-store-test-'));
  ca = createCertificateAuthority('Consortium CA', 2048);
  caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.certificatePem);
  const adminId = issueIdentity('Admin', { ca, bits: 2048 });
  const dataDir = join(dir, 'data');
  admin = { id: registerOrganization(dataDir, { name: 'Admin', isAdmin: true, certificatePem: adminId.certificatePem, trustCaPems: [ca.certificatePem] }).id, keyPem: adminId.privateKeyPem };
  target = registerOrganization(dataDir, { name: 'Newcomer' }).id;
  server = await startChildServer(dataDir, ['--trust-ca', caFile]);
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
});

describe('serve --trust-ca', () => {
  it('refuses a certificate that does not chain to the trusted CA (1010) and takes one that does', async () => {
    const client = new SignedClient(server.port);
    const url = `/organizations/${target}/certificate`;
    const stranger = issueIdentity('Stranger', { bits: 2048 });
    const refused = await client.put(admin, url, stranger.certificatePem, { contentType: 'application/x-pem-file' });
    expect(refused.status).toBe(400);
    expect(refused.json().code).toBe(1010);
    expect(refused.json().details).toMatch(/trust/);
    const created = await client.post(admin, '/organizations', { name: 'Stranger Org', certificate: stranger.certificatePem });
    expect(created.json().code).toBe(1010);
    const member = issueIdentity('Member', { ca, bits: 2048 });
    const ok = await client.put(admin, url, member.certificatePem, { contentType: 'application/x-pem-file' });
    expect(ok.status, ok.text).toBe(200);
  });

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
