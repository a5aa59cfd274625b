// Encryption of secrets at rest (private keys). The app injects Electron safeStorage; the
// command-line tool and Linux without a real keyring use the passphrase box below.
import { FailureError } from '../../../shared/failure-error.js';
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type ScryptOptions } from 'node:crypto';

export interface SecretBox {
  /** e.g. 'passphrase', 'safeStorage', 'safeStorage-basic_text'. */
  readonly kind: string;
  isAvailable(): boolean | Promise<boolean>;
  encrypt(plain: Buffer): Promise<Buffer>;
  /** Throws SecretBoxError('wrong-secret') when the blob was not made with this box's secret. */
  decrypt(blob: Buffer): Promise<Buffer>;
  /** Whether a blob this box opens was sealed weaker than it seals now (and should be sealed again). */
  outdated?(blob: Buffer): boolean;
}

export class SecretBoxError extends FailureError<'wrong-secret' | 'malformed' | 'unavailable'> {
  override readonly name = 'SecretBoxError';
}

// Blob: magic(4) | version(1) | log2N(1) | r(1) | p(1) | salt(16) | iv(12) | tag(16) | ciphertext.
const MAGIC = Buffer.from('SXPB', 'ascii');
const HEAD = 4 + 1 + 3 + 16 + 12 + 16;

/** scrypt's cost: N = 2^17 with r = 8 (current guidance for interactive logins, about 128 MiB). */
export const DEFAULT_LOG2N = 17;
/**
 * The lowest cost a box is written with, whatever a test or STUDY_EXCHANGE_SCRYPT_LOG2N asks:
 * a lower one would make a weak box (and below 10 one the box itself refuses to open).
 */
export const MIN_LOG2N = 14;
/** Boxes written by earlier versions (2^15) and by tests (2^10) still open. */
const OPEN_LOG2N = { min: 10, max: 22 } as const;

export interface PassphraseBoxOptions {
  /** log2 of scrypt's N; 17 by default, never below MIN_LOG2N (14) even in tests. */
  readonly log2N?: number;
  readonly r?: number;
  readonly p?: number;
}

function scrypt(passphrase: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(passphrase.normalize('NFC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** scrypt + AES-256-GCM; the salt and scrypt parameters travel in the blob so they can change later. */
export class PassphraseSecretBox implements SecretBox {
  readonly kind = 'passphrase';
  private readonly log2N: number;
  private readonly r: number;
  private readonly p: number;

  constructor(
    private readonly passphrase: string,
    options: PassphraseBoxOptions = {},
  ) {
    if (passphrase.length === 0) throw new SecretBoxError('unavailable', 'A passphrase is required to protect keys.');
    const asked = Math.trunc(options.log2N ?? DEFAULT_LOG2N);
    this.log2N = Math.min(OPEN_LOG2N.max, Math.max(MIN_LOG2N, Number.isFinite(asked) ? asked : DEFAULT_LOG2N));
    this.r = options.r ?? 8;
    this.p = options.p ?? 1;
  }

  isAvailable(): boolean {
    return true;
  }

  /** Sealed with a lower scrypt cost than this box's (2^15 by earlier versions). */
  outdated(blob: Buffer): boolean {
    return blob.length >= HEAD && blob.subarray(0, 4).equals(MAGIC) && boxParameters(blob).log2N < this.log2N;
  }

  async encrypt(plain: Buffer): Promise<Buffer> {
    const salt = randomBytes(16);
    const iv = randomBytes(12);
    const key = await scrypt(this.passphrase, salt, scryptOptions(this.log2N, this.r, this.p));
    const head = Buffer.concat([MAGIC, Buffer.from([1, this.log2N, this.r, this.p]), salt, iv]);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(head);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([head, cipher.getAuthTag(), body]);
  }

  async decrypt(blob: Buffer): Promise<Buffer> {
    if (blob.length < HEAD || !blob.subarray(0, 4).equals(MAGIC) || blob[4] !== 1) {
      throw new SecretBoxError('malformed', 'The protected key file is not in the passphrase format.');
    }
    const log2N = blob[5] ?? 0;
    const r = blob[6] ?? 0;
    const p = blob[7] ?? 0;
    if (log2N < OPEN_LOG2N.min || log2N > OPEN_LOG2N.max || r < 1 || r > 32 || p < 1 || p > 16)
      throw new SecretBoxError('malformed', 'The protected key file has unusable parameters.');
    const head = blob.subarray(0, 8 + 16 + 12);
    const salt = blob.subarray(8, 24);
    const iv = blob.subarray(24, 36);
    const tag = blob.subarray(36, 52);
    const key = await scrypt(this.passphrase, salt, scryptOptions(log2N, r, p));
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(head);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(blob.subarray(HEAD)), decipher.final()]);
    } catch {
      throw new SecretBoxError('wrong-secret', 'The passphrase is wrong, or the protected key file was changed.');
    }
  }
}

/** STUDY_EXCHANGE_SCRYPT_LOG2N, the tests' way to a cheaper box (still never below MIN_LOG2N). */
export function scryptOverride(env: NodeJS.ProcessEnv): PassphraseBoxOptions {
  const log2N = Number(env.STUDY_EXCHANGE_SCRYPT_LOG2N ?? '');
  return log2N ? { log2N } : {};
}

/** The box's own parameters, as written into each blob it makes. */
export function boxParameters(blob: Buffer): { readonly log2N: number; readonly r: number; readonly p: number } {
  return { log2N: blob[5] ?? 0, r: blob[6] ?? 0, p: blob[7] ?? 0 };
}

function scryptOptions(log2N: number, r: number, p: number): ScryptOptions {
  const N = 2 ** log2N;
  // scrypt needs 128·N·r·p bytes; Node's default maxmem (32 MiB) is below 2^17 with r = 8.
  return { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 };
}
