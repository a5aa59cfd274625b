// `trust list | show ORG_ID | accept ORG_ID | keep ORG_ID | verify ORG_ID --note TEXT`: the
// profile's pinned certificates (core/trust). Keys are wrapped only for the accepted one; a
// changed certificate is the user's decision, here as in the window.
import { parseCertificate } from '../../shared/protocol/certificates.js';
import { certificateToPin } from '../../shared/protocol/pinnable.js';
import { groupFingerprint } from '../../shared/trust/fingerprint.js';
import type { CertificateToPin, Pin } from '../../shared/trust/pins.js';
import { acceptCertificate, keepCertificate } from '../core/trust/decisions.js';
import { UsageError, requireFlag, stringFlag, word } from './args.js';
import type { CliContext, CliSession } from './context.js';
import { shown } from './format.js';

/** How the CLI tells the user to decide on a changed certificate (the refusal's hint). */
export function trustHint(organizationId: string): string {
  return `Compare the fingerprints with "study-exchange trust show ${organizationId}", then run "study-exchange trust accept ${organizationId}" to accept the new certificate (or "trust keep ${organizationId}").`;
}

/** The exchange's certificate for the organization now, or why it cannot be read. */
async function listed(session: CliSession, orgId: string): Promise<CertificateToPin | string> {
  try {
    return certificateToPin(parseCertificate(await session.client.getCertificate(orgId)), orgId);
  } catch (error) {
    return (error as Error).message;
  }
}

function certificateLines(label: string, c: CertificateToPin): string[] {
  return [
    `${label}:`,
    `  subject      ${shown(c.subject)}`,
    `  issuer       ${shown(c.issuer)}`,
    `  valid        ${c.validFrom} to ${c.validTo}`,
    `  SHA-256      ${groupFingerprint(c.sha256)}`,
    `  names the organization: ${c.namesOrganization ? 'yes' : 'no'}`,
  ];
}

function verifiedText(pin: Pin): string {
  return pin.verified?.sha256 === pin.current.sha256 ? `verified (${shown(pin.verified.note)})` : 'not verified';
}

export async function trustCommand(ctx: CliContext): Promise<void> {
  const sub = word(ctx.args, 1, 'trust subcommand (list, show, accept, keep, verify)');
  const session = await ctx.open({ orgIsTarget: true });
  const pins = ctx.pins(session);
  const orgId = sub === 'list' ? '' : word(ctx.args, 2, 'ORG_ID');
  switch (sub) {
    case 'list': {
      const rows: {
        organizationId: string;
        subject: string;
        sha256: string;
        verified: string | undefined;
        changed: boolean | undefined;
      }[] = [];
      for (const pin of await pins.all()) {
        const now = await listed(session, pin.organizationId);
        rows.push({
          organizationId: pin.organizationId,
          subject: pin.current.subject,
          sha256: pin.current.sha256,
          verified: pin.verified?.sha256 === pin.current.sha256 ? pin.verified.note : undefined,
          changed: typeof now === 'string' ? undefined : now.sha256 !== pin.current.sha256,
        });
      }
      ctx.print(rows, () =>
        rows.length === 0
          ? 'No certificate accepted yet (the first one seen for an organization is accepted when you first share with it).'
          : rows
              .map(
                (r) =>
                  `${r.organizationId}  ${shown(r.subject)}  ${groupFingerprint(r.sha256)}  ${r.verified ? `verified (${shown(r.verified)})` : 'not verified'}${r.changed ? '  CHANGED: the exchange lists another certificate' : ''}`,
              )
              .join('\n'),
      );
      return;
    }
    case 'show': {
      const pin = await pins.pinned(orgId);
      const now = await listed(session, orgId);
      ctx.print({ pin: pin ?? null, listed: now }, () => {
        const lines = pin
          ? [...certificateLines('Accepted', pin.current), `  ${verifiedText(pin)}`]
          : ['No certificate accepted yet for this organization.'];
        if (typeof now === 'string') lines.push(`The exchange's certificate cannot be read: ${shown(now)}`);
        else if (!pin || now.sha256 !== pin.current.sha256) {
          lines.push(...certificateLines('The exchange lists now', now));
          if (pin) lines.push(trustHint(orgId));
        } else lines.push('The exchange lists the accepted certificate.');
        if (pin && pin.history.length > 0) lines.push(`Accepted earlier: ${pin.history.length} certificate(s).`);
        return lines.join('\n');
      });
      return;
    }
    case 'accept': {
      const fingerprint = stringFlag(ctx.args, 'fingerprint')?.replace(/[\s:]/g, '').toLowerCase();
      if (fingerprint !== undefined && !/^[0-9a-f]{64}$/.test(fingerprint))
        throw new UsageError('--fingerprint is the SHA-256 shown by "trust show" (64 hex digits, spaces allowed).');
      const pin = await acceptCertificate(ctx.sharing(session), pins, orgId, fingerprint);
      ctx.print(pin, () =>
        [
          `Accepted for ${orgId}: ${shown(pin.current.subject)}, SHA-256 ${groupFingerprint(pin.current.sha256)}.`,
          `Keys are wrapped for it from now on; run "study-exchange access rewrap --org ${orgId}" to wrap your existing grants again.`,
        ].join('\n'),
      );
      return;
    }
    case 'keep': {
      const pin = await keepCertificate(ctx.sharing(session), pins, orgId);
      ctx.print(
        pin,
        () => `Kept the accepted certificate for ${orgId}; nothing is shared with the one the exchange lists now.`,
      );
      return;
    }
    case 'verify': {
      const pin = await pins.markVerified(orgId, requireFlag(ctx.args, 'note'));
      ctx.print(pin, () => `${orgId}: ${verifiedText(pin)}.`);
      return;
    }
    default:
      throw new UsageError(`Unknown trust subcommand "${sub}".`);
  }
}
