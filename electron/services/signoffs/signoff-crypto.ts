// Signing and verifying sign-offs (docs/protocol.md §10), the one module the app, the
// command-line tool and the archive share. A statement is signed over its RFC 8785 bytes with
// RSASSA-PKCS1-v1_5/SHA-256; a reader trusts one only after every check of §10, in this order:
// the record parses; its statement names the record's owner and path; its itemId hashes to the
// path (and is the document asked about); its containerId is this study; the named certificate
// is (or was) the organization's; it chains to the profile's trust anchors as of signedAt; and
// the signature verifies over the statement's canonical bytes.
import { X509Certificate, createHash, createVerify } from 'node:crypto';
import { toSlashForm } from '../../../shared/item-path.js';
import {
  SIGNOFF_RECORD_VERSION,
  signOffContentSchema,
  statementBytes,
  statementSchema,
  type SignOffContent,
  type SignOffStatement,
} from '../../../shared/signoffs/statement.js';
import type { SignOffReason } from '../../../shared/signoffs/views.js';
import type { Item } from '../../../shared/types.js';
import { ownerIdOf } from '../receipts/receipt-record.js';
import { itemHash, parseSignOffPath } from './signoff-paths.js';

/** Signs text as its UTF-8 bytes, Base-64 out (a KeyHandle's signer is one: it signs any string's UTF-8). */
export type TextSigner = (text: string) => string;

/** The record's content for a statement, signed by the key behind `sign` whose certificate has `thumbprint`. */
export function signStatement(statement: SignOffStatement, sign: TextSigner, thumbprint: string): SignOffContent {
  const checked = statementSchema.parse(statement);
  const text = Buffer.from(statementBytes(checked)).toString('utf8');
  return {
    type: 'signoff',
    version: SIGNOFF_RECORD_VERSION,
    statement: checked,
    signature: sign(text),
    certificate: thumbprint,
  };
}

/** A certificate as the checks need it, parsed once. */
export interface KnownCertificate {
  readonly thumbprint: string;
  readonly x509: X509Certificate;
}

export function knownCertificate(pem: string | Buffer): KnownCertificate {
  const x509 = new X509Certificate(pem);
  return { x509, thumbprint: createHash('sha1').update(x509.raw).digest('hex') };
}

/**
 * Certificates and anchors parsed once for many sign-offs (a report, an archive, the bench):
 * which certificates are or were each organization's, and which chain to the anchors.
 */
export class CertificateBook {
  private readonly anchors: readonly X509Certificate[];
  /** thumbprint → the anchor that issued it (undefined: none did). */
  private readonly issuers = new Map<string, X509Certificate | undefined>();

  constructor(
    trustAnchorPems: readonly string[],
    /** The certificates that are or were the organization's (current, earlier accepted ones, its own ring). */
    private readonly ofOrganization: (organizationId: string) => readonly KnownCertificate[],
  ) {
    this.anchors = trustAnchorPems.flatMap((pem) => {
      try {
        const x = new X509Certificate(pem);
        return x.ca ? [x] : [];
      } catch {
        return [];
      }
    });
  }

  certificate(organizationId: string, thumbprint: string): KnownCertificate | undefined {
    return this.ofOrganization(organizationId).find((c) => c.thumbprint === thumbprint);
  }

  /**
   * Issued and signed by a trust anchor, and valid at `at`: when it signed, not today, since
   * sign-offs outlive certificates. (The anchor's own validity bounds what it may issue, not
   * how long what it issued may be checked.)
   */
  chainsAt(certificate: KnownCertificate, at: Date): boolean {
    if (!within(certificate.x509, at)) return false;
    let issuer = this.issuers.get(certificate.thumbprint);
    if (!this.issuers.has(certificate.thumbprint)) {
      issuer = this.anchors.find((ca) => certificate.x509.checkIssued(ca) && certificate.x509.verify(ca.publicKey));
      this.issuers.set(certificate.thumbprint, issuer);
    }
    return issuer !== undefined;
  }
}

function within(x: X509Certificate, at: Date): boolean {
  const t = at.getTime();
  return t >= Date.parse(x.validFrom) && t <= Date.parse(x.validTo);
}

/** The signature over the statement's canonical bytes with the certificate's key. */
export function signatureHolds(
  content: Pick<SignOffContent, 'statement' | 'signature'>,
  certificate: X509Certificate,
): boolean {
  try {
    return createVerify('sha256')
      .update(statementBytes(content.statement))
      .verify(certificate.publicKey, Buffer.from(content.signature, 'base64'));
  } catch {
    return false;
  }
}

export type CheckedSignOff =
  | { readonly valid: true; readonly content: SignOffContent; readonly organizationId: string }
  | {
      readonly valid: false;
      readonly reason: SignOffReason;
      /** Present once it parsed: shown with its mark. */
      readonly content?: SignOffContent;
      readonly organizationId: string;
    };

export interface CheckInput {
  /** The record as the exchange reports it (its owner is the writer, never a claim in its content). */
  readonly item: Pick<Item, 'id' | 'ownerUrl'>;
  readonly header: { readonly type?: unknown } | undefined;
  readonly content: unknown;
  /** The content was over 64 KiB (decisions §5) and was not read. */
  readonly tooLarge?: boolean;
}

export interface CheckContext {
  readonly containerId: string;
  /** The document the sign-off must be of (any document when absent). */
  readonly itemId?: string;
  readonly book: CertificateBook;
}

/** Every check of §10, in order; the first that fails is the reason. */
export function checkSignOff(input: CheckInput, ctx: CheckContext): CheckedSignOff {
  const owner = ownerIdOf(input.item);
  const fail = (reason: SignOffReason, content?: SignOffContent): CheckedSignOff => ({
    valid: false,
    reason,
    organizationId: owner,
    ...(content ? { content } : {}),
  });
  const named = parseSignOffPath(input.item.id);
  if (input.tooLarge || !named || input.header?.type !== 'signoff') return fail('malformed');
  const parsed = signOffContentSchema.safeParse(input.content);
  if (!parsed.success) return fail('malformed');
  const content = parsed.data;
  const s = content.statement;
  if (s.organizationId !== owner || named.organizationId !== owner) return fail('wrong-organization', content);
  if (itemHash(s.itemId) !== named.hash) return fail('wrong-document', content);
  if (ctx.itemId !== undefined && toSlashForm(s.itemId) !== toSlashForm(ctx.itemId))
    return fail('wrong-document', content);
  if (s.containerId !== ctx.containerId) return fail('wrong-study', content);
  const certificate = ctx.book.certificate(owner, content.certificate);
  if (!certificate) return fail('certificate-not-organizations', content);
  if (!ctx.book.chainsAt(certificate, new Date(s.signedAt))) return fail('certificate-untrusted', content);
  if (!signatureHolds(content, certificate.x509)) return fail('signature', content);
  return { valid: true, content, organizationId: owner };
}
