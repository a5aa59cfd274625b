// Writing sign-offs and requests (docs/protocol.md §10). The statement is built here from the
// document as main reads it (its current contentHash, its name from the header main decrypted
// and checked against headerHash), never from what a window or a command line says is signed.
// Each sign-off is a new item (Add item, POST): history is kept, nothing replaced.
import { shownName } from '../../../shared/headers.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { openHeader } from '../../../shared/protocol/envelope.js';
import {
  MAX_DOCUMENT_NAME,
  REQUEST_HEADER,
  SIGNOFF_HEADER,
  SIGNOFF_RECORD_VERSION,
  requestContentSchema,
  type SignOffMeaning,
  type SignOffRequestContent,
  type SignOffStatement,
  type Signer,
} from '../../../shared/signoffs/statement.js';
import type { Item } from '../../../shared/types.js';
import { UserFacingError } from '../../../shared/app-error.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { ownerIdOf } from '../receipts/receipt-record.js';
import type { SharingService } from '../sharing/sharing.js';
import { addRecord, type RecordKeys } from '../transfers/records.js';
import { signStatement, type TextSigner } from './signoff-crypto.js';
import { requestFolder, signOffFolder } from './signoff-paths.js';

/** What writing needs of a session: acting as the signing (or requesting) organization. */
export interface SignOffSession {
  readonly client: ExchangeClient;
  readonly keys: RecordKeys;
  readonly sharing: Pick<SharingService, 'grant'>;
}

/** The key that signs: unlocked for this signing (the passphrase was just given), with its certificate's thumbprint. */
export interface StatementSigner {
  readonly sign: TextSigner;
  readonly thumbprint: string;
}

export interface SignOffInput {
  readonly meaning: SignOffMeaning;
  readonly signer: Signer;
  readonly comment?: string;
  /** 'owner': the document's owner only; 'everyone': every organization with access to the document. */
  readonly shareWith: 'owner' | 'everyone';
}

export interface SignOffWritten {
  readonly path: string;
  readonly statement: SignOffStatement;
  /** Organizations the sign-off could not be shared with, and why (it was written all the same). */
  readonly notShared: readonly { readonly organizationId: string; readonly message: string }[];
}

/** The document's current version as main reads and checks it: its item and its cleaned name. */
export async function verifiedDocument(
  session: Pick<SignOffSession, 'client' | 'keys'>,
  containerId: string,
  itemPath: string,
  options: CallOptions = {},
): Promise<{ readonly item: Item; readonly name: string }> {
  const item = await session.client.getItem(containerId, itemPath, options);
  const header = openHeader(item, session.keys.openItemKey(item)); // checks headerHash and keyHash
  if (header.type !== 'document')
    throw new UserFacingError(
      'not-a-document',
      'Only documents can be signed off.',
      'Sign-offs and requests are for documents, not records.',
    );
  const name = shownName(header, toSlashForm(item.id)).slice(0, MAX_DOCUMENT_NAME);
  return { item, name };
}

async function shareWith(
  session: SignOffSession,
  containerId: string,
  path: string,
  organizationIds: readonly string[],
  options: CallOptions,
): Promise<{ organizationId: string; message: string }[]> {
  const failed: { organizationId: string; message: string }[] = [];
  for (const organizationId of new Set(organizationIds)) {
    if (organizationId === session.client.organizationId) continue;
    try {
      await session.sharing.grant(containerId, path, organizationId, options);
    } catch (e) {
      failed.push({ organizationId, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return failed;
}

/** Signs the document's current version and adds the sign-off, granted as `input.shareWith` says. */
export async function writeSignOff(
  session: SignOffSession,
  signer: StatementSigner,
  containerId: string,
  itemPath: string,
  input: SignOffInput,
  options: CallOptions = {},
  now = new Date(),
): Promise<SignOffWritten> {
  const document = await verifiedDocument(session, containerId, itemPath, options);
  const itemId = toSlashForm(document.item.id);
  const statement: SignOffStatement = {
    containerId,
    itemId,
    contentHash: document.item.contentHash,
    documentName: document.name,
    meaning: input.meaning,
    signer: input.signer,
    organizationId: session.client.organizationId,
    signedAt: now.toISOString(),
    ...(input.comment ? { comment: input.comment } : {}),
  };
  const content = signStatement(statement, signer.sign, signer.thumbprint);
  const added = await addRecord(
    session.client,
    session.keys,
    containerId,
    signOffFolder(session.client.organizationId, itemId),
    { header: SIGNOFF_HEADER, content },
    options,
  );
  const owner = ownerIdOf(document.item);
  const others =
    input.shareWith === 'everyone'
      ? (await session.client.getItemAccess(containerId, document.item.id, options)).map((o) => o.id)
      : [];
  const notShared = await shareWith(session, containerId, added.id, [owner, ...others], options);
  return { path: toSlashForm(added.id), statement: content.statement, notShared };
}

export interface RequestInput {
  readonly meaning: SignOffMeaning;
  readonly organizationIds: readonly string[];
  readonly dueOn?: string;
  readonly message?: string;
}

/** The document's owner asks organizations to sign off its current version (granted to them). */
export async function writeRequest(
  session: SignOffSession,
  containerId: string,
  itemPath: string,
  input: RequestInput,
  options: CallOptions = {},
): Promise<{
  readonly item: Item;
  readonly content: SignOffRequestContent;
  readonly notShared: readonly { organizationId: string; message: string }[];
}> {
  const document = await verifiedDocument(session, containerId, itemPath, options);
  if (ownerIdOf(document.item) !== session.client.organizationId)
    throw new UserFacingError(
      'not-owner',
      'Only the document\u2019s owner can request sign-offs of it.',
      'Ask the organization that owns the document to request them.',
    );
  const content = requestContentSchema.parse({
    type: 'signoff-request',
    version: SIGNOFF_RECORD_VERSION,
    itemId: toSlashForm(document.item.id),
    contentHash: document.item.contentHash,
    meaning: input.meaning,
    organizations: [...new Set(input.organizationIds)].filter((o) => o !== session.client.organizationId),
    ...(input.dueOn ? { dueOn: input.dueOn } : {}),
    ...(input.message ? { message: input.message } : {}),
  });
  const item = await addRecord(
    session.client,
    session.keys,
    containerId,
    requestFolder(session.client.organizationId),
    { header: REQUEST_HEADER, content },
    options,
  );
  const notShared = await shareWith(session, containerId, item.id, content.organizations, options);
  return { item, content, notShared };
}
