// The binder's "signed off" (decisions §9): an expected item that asks for a sign-off is signed
// off when the container's owner has a valid §10 sign-off with that meaning of the document's
// current version. Read once per binder (one listing of the study's sign-offs), for the app's
// handler and `checklist show` alike.
import type { FulfilmentInput } from '../../../shared/binder/fulfilment.js';
import type { ChecklistItem } from '../../../shared/binder/checklist.js';
import { toSlashForm } from '../../../shared/item-path.js';
import type { CallOptions } from '../exchange-client.js';
import type { SignOffReader } from './signoff-reader.js';

type HasOwnerSignOff = NonNullable<FulfilmentInput['hasOwnerSignOff']>;

const key = (itemPath: string, meaning: string, contentHash: string) =>
  `${itemPath}\u0000${meaning}\u0000${contentHash}`;

/** None asked: no sign-off is read (the binder costs nothing more). */
const none: HasOwnerSignOff = () => false;

export async function ownerSignOffs(
  reader: Pick<SignOffReader, 'checkedInStudy'>,
  containerId: string,
  ownerId: string,
  items: readonly Pick<ChecklistItem, 'signOff'>[],
  options: CallOptions = {},
): Promise<HasOwnerSignOff> {
  if (!items.some((i) => i.signOff)) return none;
  const valid = new Set<string>();
  for (const { checked } of await reader.checkedInStudy(containerId, options)) {
    if (!checked.valid || checked.organizationId !== ownerId) continue;
    const s = checked.content.statement;
    valid.add(key(toSlashForm(s.itemId), s.meaning, s.contentHash));
  }
  return (document, meaning) =>
    document.contentHash !== undefined && valid.has(key(document.path, meaning, document.contentHash));
}
