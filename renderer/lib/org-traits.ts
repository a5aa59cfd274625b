// How a directory list names an organization's traits after its name: " · sIRB · disabled".
import type { Organization } from '../../shared/types.js';

export function orgTraits(org: Organization, show: { readonly certificate?: boolean } = {}): string {
  return [
    '',
    org.isSirb ? 'sIRB' : 'pSite',
    ...(org.isDisabled ? ['disabled'] : []),
    ...(show.certificate && !org.thumbprint ? ['no certificate'] : []),
  ].join(' · ');
}
