// A ready-to-use exchange: a local CA (trusted by the store), an Admin, an sIRB and two
// pSites, with their keys and certificates written out for clients. In a fresh data folder
// or an empty PostgreSQL database, whichever store the caller opens (server/index.ts for the
// command line, server/sandbox.ts for the desktop app).
import { mkdirSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createCertificateAuthority, issueIdentity } from '../shared/protocol/certificates.js';
import { checkCertificate } from './http/certificate-check.js';
import { registerInStore } from './register.js';
import { DB_FILE } from './store/sqlite/database.js';
import type { OpenedStore } from './opened-store.js';

export interface SandboxOrganization {
  readonly name: string;
  readonly id: string;
  readonly role: 'admin' | 'sirb' | 'psite';
  /** File name of the PEM private key, relative to outDir. */
  readonly key: string;
  /** File name of the PEM certificate, relative to outDir. */
  readonly certificate: string;
}

const MEMBERS: ReadonlyArray<{ name: string; role: SandboxOrganization['role'] }> = [
  { name: 'Sandbox Admin', role: 'admin' },
  { name: 'Sandbox IRB', role: 'sirb' },
  { name: 'Riverside Medical Center', role: 'psite' },
  { name: 'Lakeside University', role: 'psite' },
];

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Fills the store `open` opens (empty, or a fresh `dataDir`) and writes the keys to `outDir`. */
export async function seedSandbox(
  o: { readonly dataDir?: string; readonly outDir: string },
  open: () => Promise<OpenedStore>,
): Promise<SandboxOrganization[]> {
  if (o.dataDir !== undefined) {
    if (existsSync(join(o.dataDir, DB_FILE)))
      throw new Error(`${o.dataDir} already holds an exchange; sandbox needs a fresh data folder.`);
    if (existsSync(o.dataDir) && readdirSync(o.dataDir).length > 0)
      throw new Error(`${o.dataDir} is not empty; sandbox needs a fresh data folder.`);
    mkdirSync(o.dataDir, { recursive: true });
  }
  const { store, release } = await open();
  try {
    if ((await store.listOrganizations()).length > 0)
      throw new Error('The database already holds organizations; sandbox needs an empty database.');
    mkdirSync(o.outDir, { recursive: true });
    const ca = createCertificateAuthority('Study Exchange Sandbox CA', 2048);
    await store.addTrustedCa('sandbox-ca', ca.certificatePem);
    writeFileSync(join(o.outDir, 'sandbox-ca.cert.pem'), ca.certificatePem);
    const result: SandboxOrganization[] = [];
    for (const m of MEMBERS) {
      // registered first, so the certificate can name the organization's id (SAN urn:study-exchange:org:<id>)
      const registered = await registerInStore(store, {
        name: m.name,
        isSirb: m.role === 'sirb',
        isAdmin: m.role === 'admin',
      });
      const identity = issueIdentity(m.name, { ca, bits: 2048, organizationId: registered.id });
      const base = slug(m.name);
      const key = `${base}.key.pem`;
      const certificate = `${base}.cert.pem`;
      writeFileSync(join(o.outDir, key), identity.privateKeyPem, { mode: 0o600 });
      writeFileSync(join(o.outDir, certificate), identity.certificatePem);
      const cert = checkCertificate(identity.certificatePem, await store.trustedCas());
      await store.updateOrganization(
        registered.id,
        { certificatePem: cert.pem, thumbprint: cert.thumbprint },
        Date.now(),
      );
      result.push({ name: m.name, id: registered.id, role: m.role, key, certificate });
    }
    writeFileSync(join(o.outDir, 'organizations.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await store.close();
    release();
  }
}
