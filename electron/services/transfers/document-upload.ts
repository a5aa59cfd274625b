// Upload of a document by PUT at a path whose last segment the client generates, so a
// retry (by the client or the queue) replaces the same item instead of adding a second.
import { randomBytes } from 'node:crypto';
import type { Item, WrittenDocumentHeader } from '../../../shared/types.js';
import { joinItemPath } from '../../../shared/item-path.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { prepareDocumentBody, type DocumentBodyInput } from './upload-body.js';

/** `folder/<32 hex>`: the same shape as the ids the service generates for POST. */
export function newDocumentPath(folder: string): string {
  return joinItemPath(folder, randomBytes(16).toString('hex'));
}

interface UploadInput extends Omit<DocumentBodyInput, 'onProgress'> {
  readonly client: ExchangeClient;
  readonly containerId: string;
  /** The item's full path (see newDocumentPath). */
  readonly path: string;
  readonly onProgress?: (event: {
    readonly phase: 'preparing' | 'sending';
    readonly bytes: number;
    readonly total: number;
  }) => void;
}

interface UploadResult {
  readonly item: Item;
  readonly created: boolean;
  readonly header: WrittenDocumentHeader;
}

export async function uploadDocument(input: UploadInput, options: CallOptions = {}): Promise<UploadResult> {
  const prepared = await prepareDocumentBody(input);
  const signal = options.signal ?? input.signal;
  const saved = await input.client.saveItem(input.containerId, input.path, prepared.body, {
    ...(signal ? { signal } : {}),
    ...(options.onWait ? { onWait: options.onWait } : {}),
  });
  return { ...saved, header: prepared.header };
}
