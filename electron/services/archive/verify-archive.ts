// `archive verify`: the checks of the archive's verify.sh, done in Node for a folder or a `.zip`:
// every line of SHA256SUMS, and every sign-off's certificate (the thumbprint it names), chain
// (to certificates/trust-anchors.pem, as of signing: archives outlive certificates) and signature
// over the exact statement bytes. One line per check, the same words as verify.sh.
import { X509Certificate, createHash, verify } from 'node:crypto';
import { isInsideArchive } from '../../../shared/archive/archive-paths.js';
import { readArchive } from './archive-reader.js';

export interface ArchiveCheck {
  readonly ok: boolean;
  readonly what: string;
}

export interface ArchiveVerdict {
  readonly checks: readonly ArchiveCheck[];
  readonly passed: number;
  readonly failed: number;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function certificate(pem: Buffer | undefined): X509Certificate | undefined {
  try {
    return pem ? new X509Certificate(pem) : undefined;
  } catch {
    return undefined;
  }
}

export async function verifyArchive(location: string): Promise<ArchiveVerdict> {
  const { hashes, small, outside } = await readArchive(location);
  const checks: ArchiveCheck[] = [];
  const check = (ok: boolean, what: string): void => void checks.push({ ok, what });
  for (const name of outside) check(false, `${name}: leaves the archive`);

  const sums = small.get('SHA256SUMS');
  if (!sums) check(false, 'SHA256SUMS: missing');
  for (const line of sums?.toString('utf8').split('\n').filter(Boolean) ?? []) {
    const at = line.indexOf('  ');
    const want = line.slice(0, at);
    const file = line.slice(at + 2);
    if (at < 0 || !isInsideArchive(file)) check(false, `${file}: leaves the archive`);
    else if (!hashes.has(file)) check(false, `${file}: missing`);
    else check(hashes.get(file) === want, `sha256 ${file}`);
  }

  const anchors = (small.get('certificates/trust-anchors.pem')?.toString('utf8').match(PEM_BLOCK) ?? [])
    .map((pem) => certificate(Buffer.from(pem)))
    .filter((c): c is X509Certificate => c !== undefined && c.ca);
  const statements = [...small.keys()].filter((n) => /^signoffs\/[^/]+\.statement\.json$/.test(n)).sort();
  for (const statementFile of statements) {
    const n = statementFile.slice(0, -'.statement.json'.length);
    let thumb: string | undefined;
    try {
      const record = JSON.parse(small.get(`${n}.json`)?.toString('utf8') ?? '') as { certificate?: unknown };
      thumb =
        typeof record.certificate === 'string' && /^[0-9a-f]{40}$/.test(record.certificate)
          ? record.certificate
          : undefined;
    } catch {
      thumb = undefined;
    }
    const cert = thumb ? certificate(small.get(`certificates/${thumb}.pem`)) : undefined;
    if (!thumb || !cert) {
      check(false, `${n}: certificate missing`);
      continue;
    }
    const named = createHash('sha1').update(cert.raw).digest('hex');
    check(named === thumb, named === thumb ? `${n}: certificate is ${thumb}` : `${n}: certificate is not ${thumb}`);
    const chains = anchors.some((ca) => cert.checkIssued(ca) && cert.verify(ca.publicKey));
    check(
      chains,
      chains ? `${n}: certificate chains to a trust anchor` : `${n}: certificate does not chain to a trust anchor`,
    );
    const signature = small.get(`${n}.sig`);
    let signed = false;
    try {
      signed = !!signature && verify('sha256', small.get(statementFile)!, cert.publicKey, signature);
    } catch {
      signed = false;
    }
    check(signed, `${n}: signature`);
  }
  const failed = checks.filter((c) => !c.ok).length;
  return { checks, passed: checks.length - failed, failed };
}

/** One check as verify.sh prints it. */
export const verdictLine = (c: ArchiveCheck): string => `${c.ok ? 'ok    ' : 'FAILED'}  ${c.what}`;

/** The verdict as verify.sh prints it. */
export function verdictLines(verdict: ArchiveVerdict): string {
  return (
    verdict.checks.map((c) => `${verdictLine(c)}\n`).join('') +
    `${verdict.passed} checks passed, ${verdict.failed} failed\n`
  );
}
