// The key vault: private keys at rest only as SecretBox ciphertext, written atomically.
// Its API hands out a signer and item-key operations, never the private key.
import { randomBytes, type KeyObject } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { createCsr, generateRsaKeyPem, type CertificateInfo } from '../../../shared/protocol/certificates.js';
import { keySigner, type RequestSigner } from '../../../shared/protocol/signing.js';
import {
  openItemKey,
  unwrapKey,
  wrapKey,
  type ItemFields,
  type ItemKey,
  type PublicKeyInput,
} from '../../../shared/protocol/envelope.js';
import { readJsonFile, writeFileAtomic, writeJsonAtomic } from '../atomic-file.js';
import { summarizeCertificate, type CertificateSummary } from './certificate-summary.js';
import {
  checkKey,
  checkPair,
  importFromPem,
  importFromPkcs12,
  KeyImportError,
  readCertificate,
  MIN_KEY_BITS,
  type ImportOptions,
  type ImportedIdentity,
} from './key-import.js';
import { SecretBoxError, type SecretBox } from './secret-box.js';
import { readBackupOrPkcs12 } from './backup-import.js';
import { writeBackup, type BackupEntry, type BackupRole } from './pkcs12-backup.js';

export interface KeySummary {
  readonly keyRef: string;
  readonly boxKind: string;
  readonly createdAt: string;
  /** Absent while a generated key waits for its certificate. */
  readonly certificate?: CertificateSummary;
}

interface KeyMeta {
  readonly keyRef: string;
  readonly boxKind: string;
  readonly createdAt: string;
  readonly certificatePem?: string;
}

/** Operations with one private key, which stays inside. */
export interface KeyHandle {
  readonly keyRef: string;
  readonly signer: RequestSigner;
  /** Unwraps and checks (keyHash) the item key wrapped for us. */
  openItemKey(item: ItemFields): ItemKey;
  /** Unwraps a wrapped key for us and wraps it for another organization's certificate. */
  rewrap(wrapped: string, recipient: PublicKeyInput): string;
  /** Wraps a fresh item key for ourselves (this organization's certificate). */
  wrapForSelf(key: Buffer): string;
  readonly certificate: CertificateInfo | undefined;
}

const REF = /^[0-9a-f]{32}$/;

export class KeyVault {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly box: SecretBox,
  ) {
    this.dir = path.join(dataDir, 'keys');
  }

  get boxKind(): string {
    return this.box.kind;
  }

  async importPem(
    keyPem: string | Buffer,
    certificatePem: string | Buffer,
    options: ImportOptions = {},
  ): Promise<KeySummary> {
    return this.store(importFromPem(keyPem, certificatePem, options));
  }

  async importPkcs12(p12: Buffer, password: string, options: { readonly now?: number } = {}): Promise<KeySummary> {
    return this.store(importFromPkcs12(p12, password, options));
  }

  /** A new RSA key (kept here) and its PKCS#10 request for registration. */
  async generate(
    subject: Parameters<typeof createCsr>[1],
    bits = MIN_KEY_BITS,
  ): Promise<{ readonly summary: KeySummary; readonly csrPem: string }> {
    if (bits < MIN_KEY_BITS) throw new KeyImportError('key-too-small', `A key needs at least ${MIN_KEY_BITS} bits.`);
    const pem = generateRsaKeyPem(bits);
    const csrPem = createCsr(pem, subject);
    const summary = await this.write(createPrivateKey(pem), undefined);
    return { summary, csrPem };
  }

  /** Adds the registered certificate to a generated key (refusing one that does not match). */
  async attachCertificate(keyRef: string, certificatePem: string | Buffer, now = Date.now()): Promise<KeySummary> {
    const meta = await this.meta(keyRef);
    const key = await this.privateKey(keyRef);
    const certificate = readCertificate(certificatePem);
    checkPair(key, certificate, now);
    const next: KeyMeta = { ...meta, certificatePem: certificate.pem };
    await writeJsonAtomic(this.metaFile(keyRef), next);
    return toSummary(next);
  }

  async describe(keyRef: string): Promise<KeySummary> {
    return toSummary(await this.meta(keyRef));
  }

  async list(): Promise<KeySummary[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const refs = names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -5))
      .filter((r) => REF.test(r));
    return Promise.all(refs.map((r) => this.describe(r)));
  }

  async remove(keyRef: string): Promise<void> {
    assertRef(keyRef);
    await rm(this.keyFile(keyRef), { force: true });
    await rm(this.metaFile(keyRef), { force: true });
  }

  /** Decrypts the key once and returns what may be done with it. */
  async open(keyRef: string): Promise<KeyHandle> {
    const meta = await this.meta(keyRef);
    const key = await this.privateKey(keyRef);
    const certificate = meta.certificatePem ? readCertificate(meta.certificatePem) : undefined;
    return keyHandle(keyRef, key, certificate);
  }

  async signer(keyRef: string): Promise<RequestSigner> {
    return (await this.open(keyRef)).signer;
  }

  /** The keys (current first) as one PKCS#12 file under `password` (pkcs12-backup.ts); the keys never leave otherwise. */
  async exportBackup(
    keys: readonly { readonly keyRef: string; readonly role: BackupRole }[],
    password: string,
    iterations?: number,
    companion?: Buffer,
  ): Promise<Buffer> {
    const entries: BackupEntry[] = [];
    for (const { keyRef, role } of keys) {
      const meta = await this.meta(keyRef);
      if (!meta.certificatePem)
        throw new KeyImportError(
          'no-certificate',
          'This key has no certificate yet; back it up once its certificate is added.',
        );
      entries.push({
        role,
        privateKey: await this.privateKey(keyRef),
        certificate: readCertificate(meta.certificatePem),
      });
    }
    return writeBackup(entries, password, iterations, companion);
  }

  /**
   * Stores every key of a backup (or any PKCS#12 file): the current key checked as an import is,
   * reading keys only against their certificates (those may have expired). All or nothing.
   */
  async importBackup(
    p12: Buffer,
    password: string,
    options: { readonly now?: number } = {},
  ): Promise<{ readonly current: KeySummary; readonly reading: KeySummary[]; readonly companion?: Buffer }> {
    const { entries, companion } = await readBackupOrPkcs12(p12, password, options.now);
    const stored: KeySummary[] = [];
    try {
      for (const entry of entries) stored.push(await this.write(entry.privateKey, entry.certificate.pem));
    } catch (error) {
      for (const s of stored) await this.remove(s.keyRef);
      throw error;
    }
    const [current, ...reading] = stored;
    return { current: current!, reading, ...(companion ? { companion } : {}) };
  }

  /** Protects every stored key with this vault's box instead of `from` (a passphrase change). */
  async reprotect(from: SecretBox): Promise<number> {
    const keys = await this.list();
    for (const { keyRef } of keys) {
      const plain = await from.decrypt(await readFile(this.keyFile(keyRef)));
      try {
        await writeFileAtomic(this.keyFile(keyRef), await this.box.encrypt(plain));
      } finally {
        plain.fill(0);
      }
      await writeJsonAtomic(this.metaFile(keyRef), { ...(await this.meta(keyRef)), boxKind: this.box.kind });
    }
    return keys.length;
  }

  /**
   * Seals again, at this box's cost, every key this box opens that was sealed weaker (scrypt
   * 2^15 by earlier versions; 2^17 now): done at unlock, when the passphrase is at hand.
   */
  async resealOutdated(): Promise<number> {
    let resealed = 0;
    for (const { keyRef, boxKind } of await this.list()) {
      if (boxKind !== this.box.kind) continue;
      const blob = await readFile(this.keyFile(keyRef));
      if (!this.box.outdated?.(blob)) continue;
      const plain = await this.box.decrypt(blob);
      try {
        await writeFileAtomic(this.keyFile(keyRef), await this.box.encrypt(plain));
      } finally {
        plain.fill(0);
      }
      resealed += 1;
    }
    return resealed;
  }

  private async store(identity: ImportedIdentity): Promise<KeySummary> {
    return this.write(identity.privateKey, identity.certificate.pem);
  }

  private async write(key: KeyObject, certificatePem: string | undefined): Promise<KeySummary> {
    checkKey(key);
    if (!(await this.box.isAvailable()))
      throw new SecretBoxError(
        'unavailable',
        `Keys cannot be protected on this computer (${this.box.kind} is unavailable).`,
      );
    const keyRef = randomBytes(16).toString('hex');
    const pem = Buffer.from(key.export({ type: 'pkcs8', format: 'pem' }) as string, 'utf8');
    const blob = await this.box.encrypt(pem);
    pem.fill(0);
    await writeFileAtomic(this.keyFile(keyRef), blob);
    const meta: KeyMeta = {
      keyRef,
      boxKind: this.box.kind,
      createdAt: new Date().toISOString(),
      ...(certificatePem ? { certificatePem } : {}),
    };
    await writeJsonAtomic(this.metaFile(keyRef), meta);
    return toSummary(meta);
  }

  private async privateKey(keyRef: string): Promise<KeyObject> {
    const meta = await this.meta(keyRef);
    if (meta.boxKind !== this.box.kind) {
      throw new SecretBoxError(
        'unavailable',
        `This key was protected with ${meta.boxKind}, not ${this.box.kind}; import it again here.`,
      );
    }
    const blob = await readFile(this.keyFile(keyRef));
    const pem = await this.box.decrypt(blob);
    try {
      return createPrivateKey(pem);
    } finally {
      pem.fill(0);
    }
  }

  private async meta(keyRef: string): Promise<KeyMeta> {
    assertRef(keyRef);
    const meta = await readJsonFile<KeyMeta>(this.metaFile(keyRef));
    if (!meta) throw new KeyImportError('no-key', `No key ${keyRef} is stored on this computer.`);
    return meta;
  }

  private keyFile(keyRef: string): string {
    return path.join(this.dir, `${keyRef}.key`);
  }

  private metaFile(keyRef: string): string {
    return path.join(this.dir, `${keyRef}.json`);
  }
}

function assertRef(keyRef: string): void {
  if (!REF.test(keyRef)) throw new KeyImportError('no-key', `"${keyRef}" is not a key reference.`);
}

function toSummary(meta: KeyMeta): KeySummary {
  return {
    keyRef: meta.keyRef,
    boxKind: meta.boxKind,
    createdAt: meta.createdAt,
    ...(meta.certificatePem ? { certificate: summarizeCertificate(readCertificate(meta.certificatePem)) } : {}),
  };
}

/** A handle over a key held in memory (the vault's, or a one-off identity of the command-line tool). */
export function keyHandle(keyRef: string, key: KeyObject, certificate: CertificateInfo | undefined): KeyHandle {
  return {
    keyRef,
    signer: keySigner(key),
    certificate,
    openItemKey: (item) => openItemKey(item, key),
    rewrap: (wrapped, recipient) => wrapKey(unwrapKey(wrapped, key), recipient),
    wrapForSelf: (itemKey) => {
      if (!certificate)
        throw new KeyImportError(
          'no-certificate',
          'This key has no certificate yet, so items cannot be encrypted for it.',
        );
      return wrapKey(itemKey, certificate.publicKey);
    },
  };
}
