// §7 Sign-offs: verifying 1,000 sign-offs once fetched (target < 1 s), 10 organizations' keys
// under one consortium CA. Timed: a fresh CertificateBook (anchors and each organization's
// certificate parsed once, each issuer found once) and checkSignOff on every record, all of
// §10's checks in order: schema, organization, itemId hash, study, certificate, chain at
// signedAt, and the RSA signature over the RFC 8785 bytes.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createCertificateAuthority, issueIdentity } from '../shared/protocol/certificates.js';
import { keySigner } from '../shared/protocol/signing.js';
import {
  CertificateBook,
  checkSignOff,
  knownCertificate,
  signStatement,
  type CheckInput,
} from '../electron/services/signoffs/signoff-crypto.js';
import { signOffFolder } from '../electron/services/signoffs/signoff-paths.js';

export interface SignOffsFigure {
  readonly signOffs: number;
  readonly organizations: number;
  /** Median of 5 runs: a fresh book and every check. */
  readonly verifyMs: number;
  readonly valid: number;
  readonly targetMs: number;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runSignOffs(
  count: number,
  organizations: number,
  log: (line: string) => void,
): Promise<SignOffsFigure> {
  log(`sign-offs: ${organizations} keys, ${count} signed statements`);
  const ca = createCertificateAuthority('Bench CA');
  const orgs = Array.from({ length: organizations }, (_, i) => ({
    id: hex(16),
    identity: issueIdentity(`Bench Org ${i}`, { ca }),
  }));
  const study = hex(16);
  const records: { input: CheckInput; itemId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const o = orgs[i % organizations]!;
    const itemId = `documents/${hex(16)}`;
    const content = signStatement(
      {
        containerId: study,
        itemId,
        contentHash: hex(32),
        documentName: `Document ${i}.pdf`,
        meaning: 'acknowledged',
        signer: { name: `Signer ${i}`, role: 'Coordinator' },
        organizationId: o.id,
        signedAt: new Date().toISOString(),
      },
      keySigner(o.identity.privateKeyPem),
      knownCertificate(o.identity.certificatePem).thumbprint,
    );
    records.push({
      itemId,
      input: {
        item: {
          id: `${signOffFolder(o.id, itemId)}/${hex(16)}`.replace(/\//g, '|'),
          ownerUrl: `/organizations/${o.id}`,
        },
        header: { type: 'signoff' },
        content,
      },
    });
  }
  const pems = new Map(orgs.map((o) => [o.id, o.identity.certificatePem]));
  const times: number[] = [];
  let valid = 0;
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    const parsed = new Map([...pems].map(([id, pem]) => [id, [knownCertificate(pem)]]));
    const book = new CertificateBook([ca.certificatePem], (id) => parsed.get(id) ?? []);
    valid = 0;
    for (const r of records) if (checkSignOff(r.input, { containerId: study, itemId: r.itemId, book }).valid) valid++;
    times.push(performance.now() - t0);
  }
  return { signOffs: count, organizations, verifyMs: median(times), valid, targetMs: 1000 };
}

export function signOffsSection(f: SignOffsFigure): string {
  const verdict = f.verifyMs < f.targetMs ? 'met' : `missed by ${(f.verifyMs - f.targetMs).toFixed(0)} ms`;
  return [
    '## 7. Sign-offs',
    '',
    `Verifying ${f.signOffs} sign-offs of ${f.organizations} organizations once fetched (certificates parsed once): ` +
      `${f.verifyMs.toFixed(0)} ms, ${f.valid} valid (target < ${f.targetMs} ms: ${verdict}).`,
  ].join('\n');
}
