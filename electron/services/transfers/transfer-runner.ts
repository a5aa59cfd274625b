// Binds the queue to the real transfers: the app says how to get a profile's client and
// key handle; uploads go by PUT to the descriptor's fixed path.
import type { ExchangeSession } from '../exchange-session.js';
import { downloadDocument } from './document-download.js';
import { uploadDocument } from './document-upload.js';
import type { TransferRunner } from './transfer-queue.js';

/** The session of a transfer's profile (opened when needed). */
export type SessionOf = (profileId: string) => Promise<ExchangeSession>;

export function documentTransferRunner(session: SessionOf): TransferRunner {
  return async (d, { signal, onProgress, onWait }) => {
    const { client, keys } = await session(d.profileId);
    if (d.kind === 'upload') {
      await uploadDocument(
        {
          client,
          containerId: d.containerId,
          path: d.remotePath,
          file: d.localPath,
          ...(d.name ? { name: d.name } : {}),
          ...(d.describe ? { header: d.describe } : {}),
          wrapForSelf: keys.wrapForSelf,
          signal,
          // Preparing reads the file once, sending once more: both count as half.
          onProgress: (e) => onProgress(e.phase === 'preparing' ? e.bytes / 2 : e.total / 2 + e.bytes / 2, e.total),
        },
        { signal, onWait },
      );
    } else {
      await downloadDocument({
        client,
        keys,
        containerId: d.containerId,
        path: d.remotePath,
        destination: d.localPath,
        signal,
        onProgress: (e) => onProgress(e.bytes, e.total),
      });
    }
  };
}
