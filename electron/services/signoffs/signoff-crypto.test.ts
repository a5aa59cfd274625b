// The sign-off module against its published test vector and openssl, and every hostile
// sign-off of issue 36 checked to be invalid for the reason §10 gives.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueIdentity, type Identity } from '../../../shared/protocol/certificates.js';
import { keySigner } from '../../../shared/protocol/signing.js';
import { statementBytes, type SignOffStatement } from '../../../shared/signoffs/statement.js';
import { tempDirPerTest } from '../test-support/temp-dir.js';
import {
  CertificateBook,
  checkSignOff,
  knownCertificate,
  signStatement,
  type CheckInput,
  type KnownCertificate,
} from './signoff-crypto.js';
import { itemHash, signOffFolder } from './signoff-paths.js';

const VECTORS = join(import.meta.dirname, '../../../docs/test-vectors');
const vector = (name: string) => readFileSync(join(VECTORS, name));

describe('the sign-off test vector (docs/test-vectors/signoff-statement.*)', () => {
  const input = JSON.parse(vector('signoff-statement.input.json').toString('utf8')) as SignOffStatement;

  it('canonicalizes to the published bytes (keys sorted, no whitespace, UTF-8)', () => {
    expect(Buffer.from(statementBytes(input)).equals(vector('signoff-statement.jcs'))).toBe(true);
    expect(canonicalize(input)).toBe(vector('signoff-statement.jcs').toString('utf8'));
  });

  it('signs to the published signature with the test key', () => {
    const key = vector('test-only-signing.key.pem').toString('utf8');
    const content = signStatement(input, keySigner(key), 'a'.repeat(40));
    expect(Buffer.from(content.signature, 'base64').equals(vector('signoff-statement.sig'))).toBe(true);
  });

  it('verifies with openssl dgst -sha256 -verify over the exact bytes', () => {
    const out = execFileSync('openssl', [
      'dgst',
      '-sha256',
      '-verify',
      join(VECTORS, 'test-only-signing.pub.pem'),
      '-signature',
      join(VECTORS, 'signoff-statement.sig'),
      join(VECTORS, 'signoff-statement.jcs'),
    ]).toString();
    expect(out.trim()).toBe('Verified OK');
  });

  const dir = tempDirPerTest('signoff-vector');

  it('openssl refuses the bytes with one character changed', () => {
    const edited = join(dir(), 'statement.json');
    writeFileSync(edited, vector('signoff-statement.jcs').toString('utf8').replace('Ana Ruiz', 'Ana Ruis'));
    let failed = false;
    try {
      execFileSync('openssl', [
        'dgst',
        '-sha256',
        '-verify',
        join(VECTORS, 'test-only-signing.pub.pem'),
        '-signature',
        join(VECTORS, 'signoff-statement.sig'),
        edited,
      ]);
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
  });
});

describe('checkSignOff: hostile sign-offs are never valid', () => {
  const ca = createCertificateAuthority('Consortium CA');
  const rogueCa = createCertificateAuthority('Someone else');
  const A = 'a1'.repeat(16);
  const B = 'b2'.repeat(16);
  const STUDY = 'c3'.repeat(16);
  const DOC = 'consent/' + 'd4'.repeat(16);
  const a = issueIdentity('Lakeside', { ca });
  const aOld = issueIdentity('Lakeside (before renewal)', {
    ca,
    notBefore: new Date('2025-01-01T00:00:00Z'),
    days: 300,
  });
  const b = issueIdentity('Riverside', { ca });
  const outsider = issueIdentity('Lakeside by another CA', { ca: rogueCa });
  const certs = new Map<string, KnownCertificate[]>([
    [A, [a, aOld, outsider].map((i) => knownCertificate(i.certificatePem))],
    [B, [knownCertificate(b.certificatePem)]],
  ]);
  const book = new CertificateBook([ca.certificatePem], (org) => certs.get(org) ?? []);
  const thumb = (i: Identity) => knownCertificate(i.certificatePem).thumbprint;

  const statement = (over: Partial<SignOffStatement> = {}): SignOffStatement => ({
    containerId: STUDY,
    itemId: DOC,
    contentHash: 'e'.repeat(64),
    documentName: 'Consent form v2',
    meaning: 'acknowledged',
    signer: { name: 'Ana Ruiz', role: 'Coordinator' },
    organizationId: A,
    signedAt: new Date(Date.now() - 1000).toISOString(),
    ...over,
  });
  const record = (
    content: unknown,
    options: { owner?: string; pathOrg?: string; itemId?: string } = {},
  ): CheckInput => ({
    item: {
      id: `${signOffFolder(options.pathOrg ?? A, options.itemId ?? DOC)}/${'0f'.repeat(16)}`.replace(/\//g, '|'),
      ownerUrl: `/organizations/${options.owner ?? A}`,
    },
    header: { type: 'signoff' },
    content,
  });
  const signed = (s: SignOffStatement, by: Identity = a) => signStatement(s, keySigner(by.privateKeyPem), thumb(by));
  const check = (input: CheckInput, itemId: string = DOC) => checkSignOff(input, { containerId: STUDY, itemId, book });

  it('accepts a sign-off that passes every check', () => {
    expect(check(record(signed(statement())))).toMatchObject({ valid: true, organizationId: A });
  });

  it("refuses another organization's record at its own path that names someone else", () => {
    // Riverside writes at signoffs/<Riverside>/… a statement claiming Lakeside signed it
    const forged = signed(statement({ organizationId: A }), b);
    expect(check(record(forged, { owner: B, pathOrg: B }))).toMatchObject({
      valid: false,
      reason: 'wrong-organization',
    });
    // and one at Lakeside's path but owned by Riverside (a server that let it through)
    expect(check(record(signed(statement()), { owner: B }))).toMatchObject({
      valid: false,
      reason: 'wrong-organization',
    });
  });

  it('refuses a statement edited after signing', () => {
    const content = signed(statement());
    const edited = { ...content, statement: { ...content.statement, meaning: 'approved' as const } };
    expect(check(record(edited))).toMatchObject({ valid: false, reason: 'signature' });
    const renamed = { ...content, statement: { ...content.statement, signer: { name: 'Someone Else' } } };
    expect(check(record(renamed))).toMatchObject({ valid: false, reason: 'signature' });
  });

  it('refuses a signature over other bytes (the statement not canonicalized)', () => {
    const s = statement();
    const overOther = keySigner(a.privateKeyPem)(JSON.stringify(s, null, 1));
    const content = { ...signed(s), signature: overOther };
    expect(check(record(content))).toMatchObject({ valid: false, reason: 'signature' });
  });

  it('refuses a certificate from outside the trust anchors', () => {
    expect(check(record(signed(statement(), outsider)))).toMatchObject({
      valid: false,
      reason: 'certificate-untrusted',
    });
  });

  it("refuses a certificate that is not the organization's (Riverside's key, Lakeside's name)", () => {
    const s = statement();
    const content = signStatement(s, keySigner(b.privateKeyPem), thumb(b));
    expect(check(record(content))).toMatchObject({ valid: false, reason: 'certificate-not-organizations' });
  });

  it('refuses an itemId that does not hash to the path, or is another document', () => {
    const other = 'consent/' + '77'.repeat(16);
    expect(itemHash(other)).not.toBe(itemHash(DOC));
    // signed for another document but filed under this document's hash
    expect(check(record(signed(statement({ itemId: other })), { itemId: DOC }))).toMatchObject({
      valid: false,
      reason: 'wrong-document',
    });
    // filed correctly, but not the document asked about
    expect(check(record(signed(statement({ itemId: other })), { itemId: other }), DOC)).toMatchObject({
      valid: false,
      reason: 'wrong-document',
    });
  });

  it("refuses another study's containerId", () => {
    expect(check(record(signed(statement({ containerId: 'f0'.repeat(16) }))))).toMatchObject({
      valid: false,
      reason: 'wrong-study',
    });
  });

  it('refuses oversized content, and content that is not a sign-off', () => {
    expect(check({ ...record(signed(statement())), tooLarge: true })).toMatchObject({
      valid: false,
      reason: 'malformed',
    });
    expect(check({ ...record(signed(statement())), header: { type: 'receipt' } })).toMatchObject({
      valid: false,
      reason: 'malformed',
    });
    expect(check(record({ ...signed(statement()), extra: 'ride-along' }))).toMatchObject({
      valid: false,
      reason: 'malformed',
    });
  });

  it('refuses a name with control characters or a formula start, even when properly signed', () => {
    for (const name of ['Ana\u0000Ruiz', 'Ana\u202eziuR', 'Ana\nRuiz', '=HYPERLINK("http://x")', '+1 Ana', '@Ana']) {
      const s = statement({ signer: { name } });
      // signed by Lakeside's real key, bypassing the schema the signing side applies
      const signature = keySigner(a.privateKeyPem)(canonicalize(s)!);
      const content = { type: 'signoff', version: 'SX.1', statement: s, signature, certificate: thumb(a) };
      expect(check(record(content)), name).toMatchObject({ valid: false, reason: 'malformed' });
    }
    expect(() => signed(statement({ signer: { name: '=cmd' } }))).toThrow();
  });

  it("still verifies what a collaborator's earlier certificate signed while it was valid", () => {
    const old = signed(statement({ signedAt: '2025-06-01T10:00:00.000Z' }), aOld);
    expect(check(record(old))).toMatchObject({ valid: true });
    // but not a signature dated after that certificate had expired
    const late = signed(statement({ signedAt: new Date().toISOString() }), aOld);
    expect(check(record(late))).toMatchObject({ valid: false, reason: 'certificate-untrusted' });
  });
});
