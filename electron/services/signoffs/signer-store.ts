// A profile's signer in the data folder (`signoffs/<profile id>.json`, written atomically): the
// printed name and role a sign-off carries (what this organization's user entered, 21 CFR 11.50),
// and, for keys the system keychain seals (no key passphrase), the signing passphrase as a check
// value only: scrypt of it with a random salt, never the passphrase itself.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { signerSchema, type Signer } from '../../../shared/signoffs/statement.js';
import { readJsonFile, writeJsonAtomic } from '../atomic-file.js';

const checkSchema = z.object({
  salt: z.string().regex(/^[0-9a-f]{32}$/),
  log2N: z.number().int().min(10).max(22),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});
type PassphraseCheck = z.infer<typeof checkSchema>;

const fileSchema = z.object({ signer: signerSchema.optional(), check: checkSchema.optional() });
type SignerFile = z.infer<typeof fileSchema>;

export function signerFile(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'signoffs', `${profileId}.json`);
}

function scrypt(passphrase: string, salt: Buffer, c: Pick<PassphraseCheck, 'log2N' | 'r' | 'p'>): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** c.log2N, r: c.r, p: c.p, maxmem: 256 * 2 ** c.log2N * c.r };
  return new Promise((resolve, reject) =>
    scryptCb(passphrase.normalize('NFC'), salt, 32, options, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

export class SignerStore {
  private readonly file: string;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    dataDir: string,
    profileId: string,
    /** scrypt cost of a new check value (2^17 as the key boxes; tests lower it). */
    private readonly log2N = 17,
  ) {
    this.file = signerFile(dataDir, profileId);
  }

  private async read(): Promise<SignerFile> {
    const parsed = fileSchema.safeParse(await readJsonFile<unknown>(this.file).catch(() => undefined));
    return parsed.success ? parsed.data : {};
  }

  private change(f: (file: SignerFile) => Promise<SignerFile>): Promise<SignerFile> {
    const next = this.chain.then(async () => {
      const changed = await f(await this.read());
      await writeJsonAtomic(this.file, changed);
      return changed;
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  async signer(): Promise<Signer | undefined> {
    return (await this.read()).signer;
  }

  async setSigner(signer: Signer): Promise<void> {
    await this.change(async (f) => ({ ...f, signer: signerSchema.parse(signer) }));
  }

  async hasPassphrase(): Promise<boolean> {
    return (await this.read()).check !== undefined;
  }

  /** True when `passphrase` is the signing passphrase (false when none is set). */
  async checkPassphrase(passphrase: string): Promise<boolean> {
    const check = (await this.read()).check;
    if (!check) return false;
    const hash = await scrypt(passphrase, Buffer.from(check.salt, 'hex'), check);
    return timingSafeEqual(hash, Buffer.from(check.hash, 'hex'));
  }

  /** Sets the signing passphrase; when one is set, `current` must be it (else false and nothing changes). */
  async setPassphrase(passphrase: string, current?: string): Promise<boolean> {
    if ((await this.hasPassphrase()) && (current === undefined || !(await this.checkPassphrase(current)))) return false;
    const salt = randomBytes(16);
    const c = { log2N: this.log2N, r: 8, p: 1 };
    const hash = await scrypt(passphrase, salt, c);
    await this.change(async (f) => ({ ...f, check: { salt: salt.toString('hex'), ...c, hash: hash.toString('hex') } }));
    return true;
  }
}
