// A renewal as it happens in a consortium: a new key pair, its certificate issued by the
// consortium CA, registered by the exchange's administrator; the organization then signs with it.
import { issueIdentity, type Identity } from '../../../shared/protocol/certificates.js';
import type { ExchangeClient } from '../exchange-client.js';
import type { ExchangeFixture, FixtureOrg } from './exchange-fixture.js';

export interface Renewed {
  readonly identity: Identity;
  /** A client signing with the new key. */
  readonly client: ExchangeClient;
}

/** Issues and registers a new certificate for the organization (`register: false` stops before the administrator). */
export async function renew(
  f: ExchangeFixture,
  o: FixtureOrg,
  options: { readonly register?: boolean } = {},
): Promise<Renewed> {
  const identity = issueIdentity(o.org.name, { ca: f.ca });
  if (options.register !== false) await f.admin.client.putCertificate(o.org.id, identity.certificatePem);
  return { identity, client: f.clientFor({ org: o.org, identity }) };
}
