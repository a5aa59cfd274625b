// Direct registration in a store (bootstrap, sandbox, tests): a data folder (safe beside a
// running server on the same folder thanks to WAL) or a PostgreSQL database.
import type { Organization } from '../shared/types.js';
import { checkCertificate } from './http/certificate-check.js';
import { ApiError } from './http/api-error.js';
import { toOrganization } from './routes/wire.js';
import type { NewOrganization } from './store/rows.js';
import { openDatabase } from './store/sqlite/database.js';
import { insertOrganization } from './store/sqlite/organizations.js';
import { loadTrustedCas } from './store/sqlite/trust-store.js';
import { NameTakenError, type Store } from './store/store.js';

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
    cert = o.certificatePem !== undefined ? checkCertificate(o.certificatePem, [...storeTrust, ...(o.trustCaPems ?? [])]) : undefined;
  } catch (e) {
    throw new Error(e instanceof ApiError ? `The certificate is not usable: ${e.details}` : String(e));
  }
  return {
    name: o.name,
    isSirb: o.isSirb ?? false,
    isAdmin: o.isAdmin ?? false,
    isDisabled: o.isDisabled ?? false,
    ...(cert ? { certificatePem: cert.pem, thumbprint: cert.thumbprint } : {}),
  };
}

function nameTaken(e: unknown): never {
  if (e instanceof NameTakenError) throw new Error(e.message);
  throw e;
}

/** Registers in a data folder, synchronously (the app's sandbox and SQLite tests). */
export function registerOrganization(dataDir: string, o: RegisterOrganizationOptions): Organization {
  const db = openDatabase(dataDir);
  try {
    return toOrganization(insertOrganization(db, newOrganization(o, loadTrustedCas(dataDir)), Date.now()));
  } catch (e) {
    return nameTaken(e);
  } finally {
    db.close();
  }
}

/** Registers in any store. */
export async function registerInStore(store: Store, o: RegisterOrganizationOptions): Promise<Organization> {
  const fields = newOrganization(o, await store.trustedCas());
  return toOrganization(await store.insertOrganization(fields, Date.now()).catch(nameTaken));
}
