// The passphrase when STUDY_EXCHANGE_PASSPHRASE is not set (the browser host, and Electron
// without a keyring through passphrase-prompt.ts): the unlock page asks for it (set on first
// run, with a strength hint; asked again to unlock later) and nothing keeps it beside the data. What is kept is a check value encrypted with it, to tell a wrong passphrase
// from a right one before any key is touched. A data folder from an earlier version, whose
// keys were protected by a random passphrase in `host-passphrase`, moves to the user's
// passphrase on first unlock and loses that file.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox, SecretBoxError, type PassphraseBoxOptions } from '../../services/keys/secret-box.js';
import { appError, UserFacingError } from '../../../shared/app-error.js';
import type { AppError } from '../../../shared/ipc/views.js';

export type LockState = 'new' | 'locked' | 'open';

/** What a call gets while the keys are locked. */
export function appLocked(): AppError {
  return appError('locked', 'The app is locked.', 'Reload the page and enter the passphrase.', { retryable: true });
}

const CHECK_FILE = 'passphrase-check';
const LEGACY_FILE = 'host-passphrase';
const CHECK_TEXT = 'study-exchange passphrase check';
const MIN_PASSPHRASE_LENGTH = 12;

/** Why a new passphrase is too weak, in words; undefined when it will do. */
export function passphraseWeakness(passphrase: string): string | undefined {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    return `Use at least ${MIN_PASSPHRASE_LENGTH} characters: four or five unrelated words are strong and easy to remember.`;
  }
  if (new Set(passphrase).size < 5)
    return 'Use more different characters: a phrase of unrelated words, not one character repeated.';
  return undefined;
}

export class HostLock {
  private box: PassphraseSecretBox | undefined;
  /**
   * The check value as read from disk, once: a locked host asks its state on every request,
   * and only this app writes the file (setFirst, which keeps what it wrote here).
   */
  private check: { readonly value: Buffer | undefined } | undefined;

  constructor(
    private readonly dataDir: string,
    private readonly boxOptions: PassphraseBoxOptions = {},
  ) {}

  async state(): Promise<LockState> {
    if (this.box) return 'open';
    return (await this.sealed()) ? 'locked' : 'new';
  }

  /**
   * What a passphrase must open: the check value, or else a key already sealed with a passphrase
   * (STUDY_EXCHANGE_PASSPHRASE wrote keys but no check value): then that passphrase is the one.
   * An earlier version's random passphrase file means there is none yet (setFirst moves its keys).
   */
  private async sealed(): Promise<Buffer | undefined> {
    const check = await this.checkValue();
    if (check || (await this.read(LEGACY_FILE))) return check;
    const vault = new KeyVault(this.dataDir, new PassphraseSecretBox('unused', this.boxOptions));
    const key = (await vault.list()).find((k) => k.boxKind === 'passphrase');
    return key ? this.read(join('keys', `${key.keyRef}.key`)) : undefined;
  }

  /** Sets the passphrase (first run) or checks it (later); resolves with the box that protects keys. */
  async unlock(passphrase: string): Promise<PassphraseSecretBox> {
    if (this.box) return this.box;
    const check = await this.sealed();
    if (!check) return this.setFirst(passphrase);
    if (!passphrase)
      throw new UserFacingError(
        'wrong-passphrase',
        'Enter the passphrase.',
        'The passphrase set when the app first ran here unlocks its keys.',
      );
    const box = new PassphraseSecretBox(passphrase, this.boxOptions);
    try {
      await box.decrypt(check);
    } catch (e) {
      if (e instanceof SecretBoxError && e.failure === 'wrong-secret') {
        throw new UserFacingError(
          'wrong-passphrase',
          'That passphrase is not the one set for this app.',
          'Type it again; keys stay locked until it is right.',
        );
      }
      throw e;
    }
    // A check value sealed weaker than this box seals now (an earlier version's 2^15) is sealed
    // again; one missing (only keys were there) is written.
    if (box.outdated(check) || !this.check?.value) await this.writeCheck(box);
    this.box = box;
    return box;
  }

  private async writeCheck(box: PassphraseSecretBox): Promise<void> {
    const check = await box.encrypt(Buffer.from(CHECK_TEXT));
    await writeFile(join(this.dataDir, CHECK_FILE), check, { mode: 0o600 });
    this.check = { value: check };
  }

  private async setFirst(passphrase: string): Promise<PassphraseSecretBox> {
    const weak = passphraseWeakness(passphrase);
    if (weak) throw new UserFacingError('weak-passphrase', 'Choose a stronger passphrase.', weak);
    const box = new PassphraseSecretBox(passphrase, this.boxOptions);
    const legacy = (await this.read(LEGACY_FILE))?.toString('utf8').trim();
    if (legacy) {
      await new KeyVault(this.dataDir, box).reprotect(new PassphraseSecretBox(legacy));
      await rm(join(this.dataDir, LEGACY_FILE), { force: true });
    }
    await this.writeCheck(box);
    this.box = box;
    return box;
  }

  private async checkValue(): Promise<Buffer | undefined> {
    // Kept only once read or truly absent: a failed read cached as "absent" would make the
    // next unlock overwrite the real check file with a new passphrase.
    this.check ??= { value: await this.read(CHECK_FILE) };
    return this.check.value;
  }

  /** The file's bytes, undefined only when it does not exist; any other failure is thrown. */
  private async read(name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(join(this.dataDir, name));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new UserFacingError(
        'data-unreadable',
        `The app's ${name} file could not be read (${(e as NodeJS.ErrnoException).code ?? String(e)}).`,
        'Nothing was changed. Check that the data folder is readable by this app, then try again.',
        true,
      );
    }
  }
}
