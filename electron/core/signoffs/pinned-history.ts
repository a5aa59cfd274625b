// The trust pins' history as the sign-off reader asks it (decisions §10: a certificate that "is
// or was" the organization's): every certificate this profile accepted for the organization, so
// what a collaborator signed before its renewal still verifies after the new one is accepted.
import type { PinStore } from '../trust/pin-store.js';

type AcceptedOf = Pick<PinStore, 'accepted'>;

/** PEMs accepted for an organization, oldest first; none when the pin file cannot be read (its own notice says so). */
export function pinnedHistory(pins: () => AcceptedOf | undefined): (organizationId: string) => Promise<string[]> {
  return async (organizationId) => {
    try {
      return ((await pins()?.accepted(organizationId)) ?? []).map((c) => c.pem);
    } catch {
      // a damaged pin file: its sign-offs show "not the organization's certificate", never valid by guess
      return [];
    }
  };
}
