// Describe… (decisions §8): a document's type, expiry, person and version label change by saving
// the item again with the same content under a new key (a re-key with the new header), so its
// contentHash, and the receipts and sign-offs of that version, stay valid, and everyone who had
// it keeps access. Header fields of other clients are kept.
import { UserFacingError } from '../../../shared/app-error.js';
import type { DescribeChange } from '../../../shared/binder/describe-schema.js';
import { applyDescribeChange } from '../../../shared/binder/header-fields.js';
import type { Item } from '../../../shared/types.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import type { SharingService } from '../sharing/sharing.js';
import { ownerOf } from '../study-records.js';

export async function describeDocument(
  client: ExchangeClient,
  sharing: Pick<SharingService, 'rekey'>,
  containerId: string,
  itemPath: string,
  change: DescribeChange,
  options: CallOptions = {},
): Promise<Item> {
  const meta = await client.getItem(containerId, itemPath, options);
  if (ownerOf(meta) !== client.organizationId) {
    throw new UserFacingError(
      'not-owner',
      'Only the organization that owns a document can describe it.',
      'Ask its owner to set the type, expiry, person or version label.',
    );
  }
  const { item } = await sharing.rekey(containerId, itemPath, options, (header) => {
    if (header.type !== 'document')
      throw new UserFacingError('not-a-document', 'Only documents are described.', 'Records carry no type or expiry.');
    return applyDescribeChange(header, change);
  });
  return item;
}
