// Certificates that name their organization: a trust anchor may put the organization's id in a
// subject alternative name `URI:urn:study-exchange:org:<id>`. Such a certificate presented for
// another organization is refused outright (issue 34): no approval can make it Lakeside's.
import { X509Certificate } from 'node:crypto';

export const ORGANIZATION_URN_PREFIX = 'urn:study-exchange:org:';

/** The subject alternative name value (after `URI:`) naming an organization. */
export function organizationUrn(organizationId: string): string {
  return `${ORGANIZATION_URN_PREFIX}${organizationId}`;
}

/**
 * The organization ids the certificate names in its URI SANs (empty when none). node prints SANs as
 * `URI:a, DNS:b`, quoting an entry that holds a comma; such a quoted entry is never an id.
 */
export function namedOrganizations(der: Buffer | string): string[] {
  let san: string | undefined;
  try {
    san = new X509Certificate(der).subjectAltName;
  } catch {
    return [];
  }
  if (!san) return [];
  const ids: string[] = [];
  for (const entry of san.split(', ')) {
    const m = /^URI:urn:study-exchange:org:(.*)$/i.exec(entry);
    // still a claim to name an organization when it is not a readable id: shown as such
    if (m) ids.push(/^[0-9a-z-]{1,64}$/i.test(m[1]!) ? m[1]!.toLowerCase() : '(an unreadable id)');
  }
  return ids;
}

/** Whether the certificate may stand for the organization: it names no organization, or this one. */
export function namesOtherOrganization(der: Buffer | string, organizationId: string): string[] | undefined {
  const named = namedOrganizations(der);
  if (named.length === 0 || named.includes(organizationId.toLowerCase())) return undefined;
  return named;
}
