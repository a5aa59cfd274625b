// Another organization's upload with a header it chose (name, media type), written straight
// through the exchange client with a profile's key from the host's data folder: what a
// hostile or careless collaborating site can put in a study.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newDocumentPath, uploadDocument } from '../../electron/services/transfers/document-upload.js';
import { sessionFromHostData } from './organization-session.js';

export interface HostileDocument {
  readonly fileName: string;
  readonly mediaType: string;
  readonly bytes: Buffer;
}

/**
 * Uploads each document as the profile whose name ends with `profileSuffix` (and grants it to
 * the study's owner when `shareWithOwner`); returns their item paths.
 */
export async function uploadAs(
  dataDir: string,
  profileSuffix: string,
  containerId: string,
  docs: readonly HostileDocument[],
  work: string,
  shareWithOwner = false,
): Promise<string[]> {
  const session = await sessionFromHostData(dataDir, (p) => p.name.endsWith(profileSuffix), 'e2e-hostile/1');
  try {
    const paths: string[] = [];
    for (const [i, doc] of docs.entries()) {
      const file = join(work, `hostile-${i}`);
      await writeFile(file, doc.bytes);
      const path = newDocumentPath('');
      await uploadDocument({
        client: session.client,
        containerId,
        path,
        file,
        header: { fileName: doc.fileName, name: doc.fileName, mediaType: doc.mediaType },
        wrapForSelf: session.keys.wrapForSelf,
      });
      if (shareWithOwner) await session.sharing.shareWithOwner(containerId, path);
      paths.push(path);
    }
    return paths;
  } finally {
    session.close();
  }
}
