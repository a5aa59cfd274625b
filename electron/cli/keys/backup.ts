// `profile backup NAME --out FILE.p12`: the profile's keys (current and reading) as one
// password-protected PKCS#12 file with the profile's pinned certificates, written only where
// asked and readable by this user only.
import { writeFile } from 'node:fs/promises';
import { MIN_BACKUP_PASSWORD } from '../../../shared/backup-password.js';
import { PinStore } from '../../core/trust/pin-store.js';
import { backupIterations } from '../../services/keys/pkcs12-backup.js';
import { backupFile, markBackedUp } from '../../services/keys/profile-backup.js';
import { UsageError, requireFlag, word } from '../args.js';
import type { CliContext } from '../context.js';

/**
 * STUDY_EXCHANGE_P12_PASSWORD, else asked (twice for a new file, so a typo cannot lock the backup).
 * A new file's password has the window's minimum; a file being read has whatever it was given.
 */
export async function p12Password(ctx: CliContext, question: string, confirm: boolean): Promise<string> {
  const short = (password: string, where: string): UsageError | undefined =>
    confirm && password.length < MIN_BACKUP_PASSWORD
      ? new UsageError(`${where} must be at least ${MIN_BACKUP_PASSWORD} characters; nothing was written.`)
      : undefined;
  const given = ctx.io.env.STUDY_EXCHANGE_P12_PASSWORD;
  if (given !== undefined) {
    if (given.length === 0) throw new UsageError('STUDY_EXCHANGE_P12_PASSWORD is empty.');
    const problem = short(given, 'STUDY_EXCHANGE_P12_PASSWORD');
    if (problem) throw problem;
    return given;
  }
  const password = await ctx.io.askSecret(question);
  if (password === undefined)
    throw new UsageError('The PKCS#12 password is needed: set STUDY_EXCHANGE_P12_PASSWORD or run in a terminal.');
  if (password.length === 0) throw new UsageError('The password may not be empty.');
  const problem = short(password, 'The password');
  if (problem) throw problem;
  if (confirm && (await ctx.io.askSecret('The same password again: ')) !== password)
    throw new UsageError('The two passwords differ; nothing was written.');
  return password;
}

export async function backupCommand(ctx: CliContext): Promise<void> {
  const store = ctx.profiles();
  const profile = await store.get(word(ctx.args, 2, 'profile name'));
  const out = requireFlag(ctx.args, 'out');
  const password = await p12Password(ctx, `Password for the backup of ${profile.name}: `, true);
  const pins = await new PinStore(ctx.dataDir, profile.id).export();
  const p12 = await backupFile(await ctx.vault(), profile, password, pins, backupIterations(ctx.io.env));
  try {
    await writeFile(out, p12, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new UsageError(`${out} already exists; choose another file name.`);
    throw error;
  }
  const next = await markBackedUp(store, profile);
  const keys = 1 + (profile.readingKeyRefs?.length ?? 0);
  const pinned = Object.keys(pins).length;
  ctx.print(
    { profile: next, file: out, keys, pins: pinned },
    () =>
      `Backed up ${keys} key(s) and ${pinned} pinned certificate(s) of ${profile.name} to ${out}. Keep the file and its password apart.`,
  );
}
