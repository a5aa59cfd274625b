// Binds the queue to the real transfers: the app says how to get a profile's client and
// key handle; uploads go by PUT to the descriptor's fixed path.
import type { ExchangeClient } from '../exchange-client.js';
import type { KeyHandle } from '../keys/key-vault.js';
import { downloadDocument } from './document-download.js';
import { uploadDocument } from './document-upload.js';
import type { TransferRunner } from './transfer-queue.js';

export type ProfileSession = (profileId: string) => Promise<{ readonly client: ExchangeClient; readonly keys: KeyHandle }>;

export function documentTransferRunner(session: ProfileSession): TransferRunner {
  return async (d, { signal, onProgress }) => {
    const { client, keys } = await session(d.profileId);
    if (d.kind === 'upload') {
      await uploadDocument(
        {
          client,
          containerId: d.containerId,
          path: d.remotePath,
          file: d.localPath,
          ...(d.name ? { name: d.name } : {}),
          wrapForSelf: keys.wrapForSelf,
          signal,
          // Preparing reads the file once, sending once more: both count as half.
          onProgress: (e) => onProgress(e.phase === 'preparing' ? e.bytes / 2 : e.total / 2 + e.bytes / 2, e.total),
        },
        { signal },
      );
    } else {
      await downloadDocument({ client, keys, containerId: d.containerId, path: d.remotePath, destination: d.localPath, signal, onProgress: (e) => onProgress(e.bytes, e.total) });
    }
  };
}
