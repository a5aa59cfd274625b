// Reading a PKCS#12 file into keys to store: the app's own backups with their key history,
// any other tool's file (one key and its certificate) the general way.
import { checkPair, importFromPkcs12 } from './key-import.js';
import { ForeignPkcs12, readBackupFile, type BackupContents } from './pkcs12-backup.js';

/** The keys of the file, current first, and its companion data; the current key's certificate must be valid now. */
export async function readBackupOrPkcs12(p12: Buffer, password: string, now = Date.now()): Promise<BackupContents> {
  let contents: BackupContents;
  try {
    contents = await readBackupFile(p12, password);
  } catch (error) {
    if (!(error instanceof ForeignPkcs12)) throw error;
    const { privateKey, certificate } = importFromPkcs12(p12, password, { now });
    return { entries: [{ role: 'current', privateKey, certificate }] };
  }
  const current = contents.entries[0]!;
  checkPair(current.privateKey, current.certificate, now);
  return contents;
}
