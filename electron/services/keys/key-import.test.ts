import { spawnSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity, parseCertificate, type Identity } from '../../../shared/protocol/certificates.js';
import { sealItem } from '../../../shared/protocol/envelope.js';
import { importFromPem, importFromPkcs12, KeyImportError } from './key-import.js';
import { KeyVault } from './key-vault.js';
import { PassphraseSecretBox, SecretBoxError } from './secret-box.js';

let dir: string;
let good: Identity;
let other: Identity;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sx-keys-'));
  good = issueIdentity('Good Org');
  other = issueIdentity('Other Org');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openssl(args: string[]): void {
  const r = spawnSync('openssl', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${r.stderr}`);
}

function makeP12(identity: Identity, name: string, password: string, extra: string[] = []): Buffer {
  const keyFile = path.join(dir, `${name}.key.pem`);
  const certFile = path.join(dir, `${name}.cert.pem`);
  const out = path.join(dir, `${name}.p12`);
  writeFileSync(keyFile, identity.privateKeyPem);
  writeFileSync(certFile, identity.certificatePem);
  openssl([
    'pkcs12',
    '-export',
    '-inkey',
    keyFile,
    '-in',
    certFile,
    '-out',
    out,
    '-passout',
    `pass:${password}`,
    ...extra,
  ]);
  return readFileSync(out);
}

describe('import from PEM', () => {
  it('accepts a matching pair and reports the certificate', () => {
    const imported = importFromPem(good.privateKeyPem, good.certificatePem);
    expect(imported.certificate.subject).toContain('Good Org');
    expect(imported.certificate.thumbprint).toMatch(/^[0-9a-f]{40}$/);
    expect(imported.certificate.thumbprint).toBe(parseCertificate(good.certificatePem).thumbprint);
  });

  it('refuses a key that does not match the certificate', () => {
    expect(() => importFromPem(other.privateKeyPem, good.certificatePem)).toThrow(
      expect.objectContaining({
        failure: 'key-mismatch',
        message: expect.stringMatching(/does not belong .*\(SHA-1 fingerprint [0-9a-f]{40}\)/),
      }),
    );
  });

  it('refuses a key under 2048 bits', () => {
    const small = issueIdentity('Small Org', { bits: 1024 });
    expect(() => importFromPem(small.privateKeyPem, small.certificatePem)).toThrow(
      expect.objectContaining({ failure: 'key-too-small', message: expect.stringMatching(/1024 bits.*at least 2048/) }),
    );
  });

  it('refuses an expired certificate, naming the date', () => {
    const old = issueIdentity('Old Org', { notBefore: new Date(Date.now() - 10 * 86_400_000), days: 2 });
    expect(() => importFromPem(old.privateKeyPem, old.certificatePem)).toThrow(
      expect.objectContaining({ failure: 'expired', message: expect.stringMatching(/expired on \d{4}-/) }),
    );
  });

  it('refuses files that are not keys or certificates', () => {
    expect(() => importFromPem('not a key', good.certificatePem)).toThrow(
      expect.objectContaining({ failure: 'unreadable-key' }),
    );
    expect(() => importFromPem(good.privateKeyPem, 'not a cert')).toThrow(
      expect.objectContaining({ failure: 'unreadable-certificate' }),
    );
  });
});

describe('import from PKCS#12 made by openssl', () => {
  it('reads the OpenSSL 3 default (AES-256-CBC, SHA-256 MAC)', () => {
    const p12 = makeP12(good, 'default', 'pa55word', [
      '-keypbe',
      'AES-256-CBC',
      '-certpbe',
      'AES-256-CBC',
      '-macalg',
      'sha256',
    ]);
    const imported = importFromPkcs12(p12, 'pa55word');
    expect(imported.certificate.thumbprint).toBe(parseCertificate(good.certificatePem).thumbprint);
  });

  it('reads a -legacy file (3DES/RC2, SHA-1 MAC) when openssl can make one', () => {
    let p12: Buffer;
    try {
      p12 = makeP12(good, 'legacy', 'pa55word', ['-legacy']);
    } catch {
      // Without the legacy provider openssl cannot write it; the default format is covered above.
      p12 = makeP12(good, 'legacy', 'pa55word', [
        '-keypbe',
        'PBE-SHA1-3DES',
        '-certpbe',
        'PBE-SHA1-3DES',
        '-macalg',
        'sha1',
      ]);
    }
    expect(importFromPkcs12(p12, 'pa55word').certificate.subject).toContain('Good Org');
  });

  it('says so when the password is wrong', () => {
    const p12 = makeP12(good, 'wrongpw', 'right');
    expect(() => importFromPkcs12(p12, 'wrong')).toThrow(
      expect.objectContaining({ failure: 'wrong-password', message: 'The password of the PKCS#12 file is wrong.' }),
    );
  });

  it('refuses a short key inside a PKCS#12 file', () => {
    const small = issueIdentity('Small P12', { bits: 1024 });
    const p12 = makeP12(small, 'small', 'pw');
    expect(() => importFromPkcs12(p12, 'pw')).toThrow(expect.objectContaining({ failure: 'key-too-small' }));
  });

  it('refuses a file that is not PKCS#12', () => {
    expect(() => importFromPkcs12(Buffer.from('hello'), 'pw')).toThrow(KeyImportError);
  });
});

describe('KeyVault', () => {
  const box = new PassphraseSecretBox('vault pass', { log2N: 14 });

  it('stores only ciphertext and hands out a working signer and item-key opener', async () => {
    const vault = new KeyVault(path.join(dir, 'vault1'), box);
    const summary = await vault.importPem(good.privateKeyPem, good.certificatePem);
    expect(summary.certificate?.subject).toContain('Good Org');
    expect(JSON.stringify(summary)).not.toContain('PRIVATE KEY');
    const files = readdirSync(path.join(dir, 'vault1', 'keys'));
    for (const f of files)
      expect(readFileSync(path.join(dir, 'vault1', 'keys', f), 'latin1')).not.toContain('PRIVATE KEY');

    const handle = await vault.open(summary.keyRef);
    expect(Object.values(handle).some((v) => typeof v === 'string' && v.includes('PRIVATE'))).toBe(false);
    const hex = 'a'.repeat(64);
    const signature = handle.signer(hex);
    expect(
      verify('sha256', Buffer.from(hex), createPublicKey(good.certificatePem), Buffer.from(signature, 'base64')),
    ).toBe(true);

    const payload = sealItem(
      { header: { type: 'study', version: 'IRBX.2' }, content: Buffer.from('{}') },
      good.certificatePem,
    );
    const k = handle.openItemKey(payload);
    expect(k.key).toHaveLength(32);
    const forOther = handle.rewrap(payload.key, other.certificatePem);
    expect(forOther).not.toBe(payload.key);
    expect((await vault.list()).map((s) => s.keyRef)).toEqual([summary.keyRef]);
  });

  it('cannot open keys with the wrong passphrase', async () => {
    const vault = new KeyVault(path.join(dir, 'vault2'), box);
    const { keyRef } = await vault.importPem(good.privateKeyPem, good.certificatePem);
    const wrong = new KeyVault(path.join(dir, 'vault2'), new PassphraseSecretBox('nope', { log2N: 14 }));
    await expect(wrong.open(keyRef)).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('generates a key and CSR, then accepts only the matching certificate', async () => {
    const vault = new KeyVault(path.join(dir, 'vault3'), box);
    const { summary, csrPem } = await vault.generate({ commonName: 'New Org', organization: 'New Org Inc' });
    expect(csrPem).toContain('BEGIN CERTIFICATE REQUEST');
    expect(summary.certificate).toBeUndefined();
    await expect(vault.attachCertificate(summary.keyRef, good.certificatePem)).rejects.toMatchObject({
      failure: 'key-mismatch',
    });
    // Sign the CSR as a CA would, with openssl, and attach the result.
    const csrFile = path.join(dir, 'new.csr');
    const caKey = path.join(dir, 'ca.key');
    const caCert = path.join(dir, 'ca.pem');
    const certFile = path.join(dir, 'new.pem');
    writeFileSync(csrFile, csrPem);
    writeFileSync(caKey, other.privateKeyPem);
    writeFileSync(caCert, other.certificatePem);
    openssl([
      'x509',
      '-req',
      '-in',
      csrFile,
      '-CA',
      caCert,
      '-CAkey',
      caKey,
      '-CAcreateserial',
      '-out',
      certFile,
      '-days',
      '30',
    ]);
    const attached = await vault.attachCertificate(summary.keyRef, readFileSync(certFile, 'utf8'));
    expect(attached.certificate?.subject).toContain('New Org');
    expect((await vault.describe(summary.keyRef)).certificate?.thumbprint).toBe(attached.certificate?.thumbprint);
    await vault.remove(summary.keyRef);
    await expect(vault.describe(summary.keyRef)).rejects.toMatchObject({ failure: 'no-key' });
  });
});
