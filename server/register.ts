// Direct registration in a store (bootstrap, sandbox, tests): a data folder (safe beside a
// running server on the same folder thanks to WAL) or a PostgreSQL database.
import type { Organization } from '../shared/types.js';
import { checkCertificate } from './http/certificate-check.js';
import { ApiError } from './http/api-error.js';
import { checkOrganizationName } from './routes/organization-name.js';
import { toOrganization } from './routes/wire.js';
import type { NewOrganization } from './store/rows.js';
import { SqliteStore } from './store/sqlite/sqlite-store.js';
import { CertificateTakenError, NameTakenError, type Store } from './store/store.js';

export interface RegisterOrganizationOptions {
  name: string;
  isSirb?: boolean;
  isAdmin?: boolean;
  isDisabled?: boolean;
  certificatePem?: string;
  /** CAs the certificate must chain to, besides those of the store. */
  trustCaPems?: string[];
}

function newOrganization(o: RegisterOrganizationOptions, storeTrust: string[]): NewOrganization {
  let cert: ReturnType<typeof checkCertificate> | undefined;
  try {
    cert =
      o.certificatePem !== undefined
        ? checkCertificate(o.certificatePem, [...storeTrust, ...(o.trustCaPems ?? [])])
        : undefined;
  } catch (e) {
    throw new Error(e instanceof ApiError ? `The certificate is not usable: ${e.details}` : String(e));
  }
  let name: string;
  try {
    name = checkOrganizationName(o.name);
  } catch (e) {
    throw new Error(e instanceof ApiError ? `The organization's name is not usable: ${e.details}` : String(e));
  }
  return {
    name,
    isSirb: o.isSirb ?? false,
    isAdmin: o.isAdmin ?? false,
    isDisabled: o.isDisabled ?? false,
    ...(cert ? { certificatePem: cert.pem, thumbprint: cert.thumbprint } : {}),
  };
}

function nameTaken(e: unknown): never {
  if (e instanceof NameTakenError || e instanceof CertificateTakenError) throw new Error(e.message);
  throw e;
}

/** Registers in any store. */
export async function registerInStore(store: Store, o: RegisterOrganizationOptions): Promise<Organization> {
  const fields = newOrganization(o, await store.trustedCas());
  return toOrganization(await store.insertOrganization(fields, Date.now()).catch(nameTaken));
}

/**
 * Registers in a data folder through a store of its own, beside a server running on the same
 * folder or not (WAL); opened without the start-up sweep, which would take a running server's
 * uploads in progress for leftovers.
 */
export async function registerInDataFolder(dataDir: string, o: RegisterOrganizationOptions): Promise<Organization> {
  const store = new SqliteStore(dataDir);
  try {
    return await registerInStore(store, o);
  } finally {
    await store.close();
  }
}
