// Rename (issue 38 §10): a document's name and file name change by saving the item again with the
// same content at the same path, under a new key with the renamed header (Describe…'s re-save), so
// its contentHash, the receipts and sign-offs of that version, and everyone's access stay.
import { UserFacingError } from '../../../shared/app-error.js';
import { asDocument } from '../../../shared/headers.js';
import { renameTo } from '../../../shared/file-manager/rename.js';
import type { Item } from '../../../shared/types.js';
import type { CallOptions, ExchangeClient } from '../../services/exchange-client.js';
import type { SharingService } from '../../services/sharing/sharing.js';
import { ownerOf } from '../../services/study-records.js';

export async function renameDocument(
  client: ExchangeClient,
  sharing: Pick<SharingService, 'rekey'>,
  containerId: string,
  itemPath: string,
  wanted: string,
  options: CallOptions = {},
): Promise<Item> {
  const meta = await client.getItem(containerId, itemPath, options);
  if (ownerOf(meta) !== client.organizationId)
    throw new UserFacingError(
      'not-owner',
      'Only the organization that owns a document can rename it.',
      'Ask its owner to rename it.',
    );
  const { item } = await sharing.rekey(containerId, itemPath, options, (header) => {
    const document = asDocument(header);
    if (!document)
      throw new UserFacingError('not-a-document', 'Only documents are renamed.', 'Records keep their name.');
    const check = renameTo(document.fileName || document.name, wanted);
    if (!check.ok) throw new UserFacingError('invalid-name', check.reason, check.reason);
    // A title distinct from the file name is the sender's own words: it stays. Otherwise both change.
    const titled = document.name && document.name !== document.fileName;
    return { ...header, fileName: check.name, name: titled ? document.name : check.name };
  });
  return item;
}
