// The backup file: standard PKCS#12 with AES-256 and PBKDF2-HMAC-SHA256 at the current count,
// a SHA-256 MAC at the same count, the key history in it, and a wrong password refused.
import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { createCertificateAuthority, issueIdentity, parseCertificate } from '../../../shared/protocol/certificates.js';
import { tempDirPerTest } from '../test-support/temp-dir.js';
import { KeyImportError } from './key-import.js';
import { KeyVault } from './key-vault.js';
import {
  BACKUP_ITERATIONS,
  MIN_BACKUP_ITERATIONS,
  backupIterations,
  readBackup,
  readBackupFile,
  writeBackup,
  type BackupEntry,
} from './pkcs12-backup.js';
import { PassphraseSecretBox } from './secret-box.js';

const ca = createCertificateAuthority('Backup Test CA');
const entry = (role: BackupEntry['role']): BackupEntry => {
  const id = issueIdentity('Riverside Medical Center', { ca });
  return { role, privateKey: createPrivateKey(id.privateKeyPem), certificate: parseCertificate(id.certificatePem) };
};
const current = entry('current');
const old = entry('reading');
const dir = tempDirPerTest('sx-p12');

/** The OIDs and integers of the file, in order, as a flat list for asserting the algorithms. */
function walk(node: forge.asn1.Asn1, out: string[] = []): string[] {
  if (node.type === forge.asn1.Type.OID && typeof node.value === 'string') out.push(forge.asn1.derToOid(node.value));
  if (node.type === forge.asn1.Type.INTEGER && typeof node.value === 'string')
    out.push(String(forge.asn1.derToInteger(node.value)));
  if (node.type === forge.asn1.Type.OCTETSTRING && typeof node.value === 'string') {
    try {
      walk(forge.asn1.fromDer(node.value, true), out);
    } catch {
      // plain bytes (a salt, a ciphertext)
    }
  }
  if (Array.isArray(node.value)) for (const child of node.value) walk(child, out);
  return out;
}

describe('PKCS#12 backup', () => {
  it('writes AES-256-CBC under PBES2 with PBKDF2-HMAC-SHA256 at 600 000 iterations and a SHA-256 MAC, and reads the history back', async () => {
    const p12 = await writeBackup([current, old], 'correct horse');
    const seen = walk(forge.asn1.fromDer(p12.toString('binary'), true));
    const { oids } = forge.pki;
    expect(seen.filter((o) => o === oids.pkcs5PBES2)).toHaveLength(2);
    expect(seen.filter((o) => o === oids['aes256-CBC'])).toHaveLength(2);
    expect(seen.filter((o) => o === oids.hmacWithSHA256)).toHaveLength(2);
    expect(seen).toContain(oids.sha256);
    expect(seen.filter((o) => o === String(BACKUP_ITERATIONS))).toHaveLength(3);
    expect(BACKUP_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(backupIterations({ STUDY_EXCHANGE_P12_ITERATIONS: '1' })).toBe(MIN_BACKUP_ITERATIONS);
    expect(backupIterations({})).toBe(BACKUP_ITERATIONS);
    const back = await readBackup(p12, 'correct horse');
    expect(back.map((e) => [e.role, e.certificate.thumbprint])).toEqual([
      ['current', current.certificate.thumbprint],
      ['reading', old.certificate.thumbprint],
    ]);
    expect(back[1]!.privateKey.export({ type: 'pkcs8', format: 'pem' })).toBe(
      old.privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
  });

  it('is a standard file: another implementation (node-forge) reads its keys and certificates', async () => {
    // At a low count only to keep node-forge's JavaScript PBKDF2 quick; the layout is the same.
    const p12 = await writeBackup([current, old], 'pw', 2048);
    const pfx = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), true, 'pw');
    const keys =
      pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? [];
    const certs = pfx.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
    expect(keys).toHaveLength(2);
    expect(certs).toHaveLength(2);
    expect(forge.pki.privateKeyToPem(keys[0]!.key!)).toContain('PRIVATE KEY');
  });

  it('refuses a wrong password with a clear error, and the vault stores nothing', async () => {
    const p12 = await writeBackup([current], 'right', MIN_BACKUP_ITERATIONS);
    await expect(readBackup(p12, 'wrong')).rejects.toMatchObject({
      failure: 'wrong-password',
      message: 'The password of the PKCS#12 file is wrong.',
    });
    const vault = new KeyVault(dir(), new PassphraseSecretBox('vault', { log2N: 14 }));
    await expect(vault.importBackup(p12, 'wrong')).rejects.toBeInstanceOf(KeyImportError);
    expect(await vault.list()).toEqual([]);
  });

  it('the vault exports a profile\u2019s keys and imports them back, reading keys stored like the current one (0600, scrypt box)', async () => {
    const vault = new KeyVault(dir(), new PassphraseSecretBox('vault', { log2N: 14 }));
    const a = await vault.importPem(
      current.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      current.certificate.pem,
    );
    const b = await vault.importPem(old.privateKey.export({ type: 'pkcs8', format: 'pem' }), old.certificate.pem);
    const p12 = await vault.exportBackup(
      [
        { keyRef: a.keyRef, role: 'current' },
        { keyRef: b.keyRef, role: 'reading' },
      ],
      'pw',
      MIN_BACKUP_ITERATIONS,
    );
    await writeFile(path.join(dir(), 'backup.p12'), p12);
    const other = new KeyVault(path.join(dir(), 'other'), new PassphraseSecretBox('other', { log2N: 14 }));
    const restored = await other.importBackup(p12, 'pw');
    expect(restored.current.certificate?.thumbprint).toBe(current.certificate.thumbprint);
    expect(restored.reading.map((r) => r.certificate?.thumbprint)).toEqual([old.certificate.thumbprint]);
    const file = path.join(dir(), 'other', 'keys', `${restored.reading[0]!.keyRef}.key`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const handle = await other.open(restored.reading[0]!.keyRef);
    expect(handle.certificate?.thumbprint).toBe(old.certificate.thumbprint);
  });

  it('carries companion data under the MAC (an edited byte is refused), which OpenSSL reads past', async () => {
    const companion = Buffer.from(JSON.stringify({ version: 1, pins: { a: 1 } }));
    const p12 = await writeBackup([current, old], 'companion pw', MIN_BACKUP_ITERATIONS, companion);
    const back = await readBackupFile(p12, 'companion pw');
    expect(back.companion?.equals(companion)).toBe(true);
    expect(back.entries.map((e) => e.role)).toEqual(['current', 'reading']);
    expect((await readBackupFile(await writeBackup([current], 'pw', MIN_BACKUP_ITERATIONS), 'pw')).companion).toBe(
      undefined,
    );
    await expect(readBackupFile(p12, 'not it')).rejects.toMatchObject({ failure: 'wrong-password' });
    // A changed byte of the companion data breaks the MAC: nobody without the password edits the pins.
    const at = p12.indexOf(companion);
    expect(at).toBeGreaterThan(0);
    const edited = Buffer.from(p12);
    const i = at + companion.length - 3;
    edited.writeUInt8(edited.readUInt8(i) ^ 1, i);
    await expect(readBackupFile(edited, 'companion pw')).rejects.toMatchObject({ failure: 'wrong-password' });
    // OpenSSL verifies the MAC and lists the keys and certificates with the secretBag beside them.
    const file = path.join(dir(), 'companion.p12');
    await writeFile(file, p12);
    const info = execFileSync('openssl', ['pkcs12', '-in', file, '-info', '-nodes', '-passin', 'pass:companion pw'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(info.match(/BEGIN PRIVATE KEY/g)).toHaveLength(2);
    expect(info.match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
  });
});
