// Certificates running out: the profile's own (the exchange refuses it once expired) and those of
// collaborators it shares with (grants to them are refused until a new one is registered). Warned
// 30 days ahead.
import type { ExpiringCertificateView, ProfileView } from '../../../shared/ipc/views.js';
import { daysUntil } from '../../lib/file-read.js';
import { formatDay } from '../../lib/format.js';
import { Notice, plural } from '../../components/common/notice.js';

const WARN_DAYS = 30;

/** Days until the profile's certificate expires, when that is within the warning's 30 days (or past). */
export function ownExpiryDays(profile: ProfileView, now: number): number | undefined {
  const days = daysUntil(profile.certificate.validTo, now);
  return days !== undefined && days <= WARN_DAYS ? days : undefined;
}

export function OwnExpiryNotice({ profile, now }: { readonly profile: ProfileView; readonly now: number }) {
  const days = ownExpiryDays(profile, now);
  if (days === undefined) return null;
  return (
    <Notice level={days < 0 ? 'error' : 'warning'} testId="own-expiry-notice">
      {days < 0
        ? `The certificate of ${profile.organizationName} expired on ${formatDay(profile.certificate.validTo)}: the exchange refuses this profile until a new one is registered and the profile renewed.`
        : `The certificate of ${profile.organizationName} expires in ${plural(days, 'day', 'days')} (${formatDay(profile.certificate.validTo)}): ask for a new one to be registered before then.`}
    </Notice>
  );
}

export function CollaboratorExpiryNotice({
  expiring,
  now,
  onDismiss,
}: {
  readonly expiring: ExpiringCertificateView;
  readonly now: number;
  readonly onDismiss?: () => void;
}) {
  const days = daysUntil(expiring.validTo, now) ?? 0;
  return (
    <Notice
      level={expiring.expired ? 'error' : 'warning'}
      testId="collaborator-expiry-notice"
      {...(onDismiss ? { onDismiss, dismissLabel: `Dismiss the notice about ${expiring.name}` } : {})}
    >
      {expiring.expired
        ? `The certificate of ${expiring.name} expired on ${formatDay(expiring.validTo)}: grants to it are refused until it is renewed.`
        : `The certificate of ${expiring.name} expires in ${plural(Math.max(days, 0), 'day', 'days')} (${formatDay(expiring.validTo)}): grants to it are refused from then until it is renewed.`}
    </Notice>
  );
}
