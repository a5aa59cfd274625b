// Reading a PKCS#12 file into keys to store: the app's own backups with their key history,
// any other tool's file (one key and its certificate) the general way.
import { checkPair, importFromPkcs12 } from './key-import.js';
import { ForeignPkcs12, readBackup, type BackupEntry } from './pkcs12-backup.js';

/** The keys of the file, current first; the current key's certificate must be valid now. */
export async function readBackupOrPkcs12(p12: Buffer, password: string, now = Date.now()): Promise<BackupEntry[]> {
  let entries: BackupEntry[];
  try {
    entries = await readBackup(p12, password);
  } catch (error) {
    if (!(error instanceof ForeignPkcs12)) throw error;
    const { privateKey, certificate } = importFromPkcs12(p12, password, { now });
    return [{ role: 'current', privateKey, certificate }];
  }
  const current = entries[0]!;
  checkPair(current.privateKey, current.certificate, now);
  return entries;
}
