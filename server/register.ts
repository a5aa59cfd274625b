// Direct registration in a data folder (bootstrap, sandbox, tests); safe beside a running
// server on the same folder thanks to WAL.
import type { Organization } from '../shared/types.js';
import { checkCertificate } from './certificate-check.js';
import { ApiError } from './http/api-error.js';
import { openDatabase } from './store/database.js';
import { NameTakenError, insertOrganization, toOrganization } from './store/organizations.js';
import { loadTrustedCas } from './trust-store.js';

export interface RegisterOrganizationOptions {
  name: string;
  isSirb?: boolean;
  isAdmin?: boolean;
  isDisabled?: boolean;
  certificatePem?: string;
  /** CAs the certificate must chain to, besides those of the data folder. */
  trustCaPems?: string[];
}

export function registerOrganization(dataDir: string, o: RegisterOrganizationOptions): Organization {
  const db = openDatabase(dataDir);
  try {
    const trust = [...loadTrustedCas(dataDir), ...(o.trustCaPems ?? [])];
    let cert;
    try {
      cert = o.certificatePem !== undefined ? checkCertificate(o.certificatePem, trust) : undefined;
    } catch (e) {
      throw new Error(e instanceof ApiError ? `The certificate is not usable: ${e.details}` : String(e));
    }
    try {
      const row = insertOrganization(
        db,
        {
          name: o.name,
          isSirb: o.isSirb ?? false,
          isAdmin: o.isAdmin ?? false,
          isDisabled: o.isDisabled ?? false,
          ...(cert ? { certificatePem: cert.pem, thumbprint: cert.thumbprint } : {}),
        },
        Date.now(),
      );
      return toOrganization(row);
    } catch (e) {
      if (e instanceof NameTakenError) throw new Error(e.message);
      throw e;
    }
  } finally {
    db.close();
  }
}
