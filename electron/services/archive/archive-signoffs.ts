// The sign-offs an archive carries (decisions §10–§11): every sign-off record of a document the
// exporter can read, checked as §10 says with the certificates parsed once, and written with
// its exact signed bytes (RFC 8785), raw signature and signer certificate, so verify.sh checks
// it with openssl alone. One that does not verify goes in too, marked with its reason.
import { shownText } from '../../../shared/shown-text.js';
import { statementBytes } from '../../../shared/signoffs/statement.js';
import { checkSignOff } from '../signoffs/signoff-crypto.js';
import type { SignOffReader } from '../signoffs/signoff-reader.js';
import type { ArchivedSignoff, SignoffSource } from './archive-model.js';

export function archiveSignoffs(
  reader: SignOffReader,
  containerId: string,
  organizationName: (id: string) => Promise<string>,
): SignoffSource {
  return async ({ itemPath, contentHash }) => {
    const records = await reader.signOffRecords(containerId, itemPath);
    const book = await reader.book(records);
    const out: ArchivedSignoff[] = [];
    for (const record of records) {
      const checked = checkSignOff(record, { containerId, itemId: itemPath, book });
      const content = checked.content;
      if (!content) continue; // not a sign-off at all: nothing to show or check
      const s = content.statement;
      // a statement that does not verify is someone's claim: cleaned like any hostile text
      const clean = (t: string) => (checked.valid ? t : shownText(t));
      const certificate = book.certificate(checked.organizationId, content.certificate);
      out.push({
        record: content,
        statementBytes: Buffer.from(statementBytes(s)),
        signature: Buffer.from(content.signature, 'base64'),
        thumbprint: content.certificate,
        ...(certificate ? { certificatePem: certificate.x509.toString() } : {}),
        signerName: clean(s.signer.name),
        ...(s.signer.role ? { signerRole: clean(s.signer.role) } : {}),
        organizationId: checked.organizationId,
        organizationName: await organizationName(checked.organizationId),
        signedAt: s.signedAt,
        meaning: s.meaning,
        ...(s.comment ? { comment: checked.valid ? s.comment : shownText(s.comment, 2000) } : {}),
        valid: checked.valid,
        ...(checked.valid ? {} : { reason: checked.reason }),
        thisVersion: s.contentHash === contentHash,
      });
    }
    return out.sort((a, b) => a.signedAt.localeCompare(b.signedAt));
  };
}
