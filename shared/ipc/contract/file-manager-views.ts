// What main shows of a study's items (shared/ipc/views.ts re-exports it): metadata and the
// decrypted header summary, never item keys or plaintext.
import type { Item, Organization, RecordHeader } from '../../types.js';
import type { DocumentFields } from '../../binder/header-fields.js';

/**
 * Wire fields the window has no use for: the sealed header and the wrapped key (main opens
 * them), the URLs (derived from the ids), and the IV and algorithm names (main decrypts and
 * verifies). Left out, a 100,000-item listing crosses IPC at well under half the size.
 */
type MainOnlyField =
  | 'header'
  | 'key'
  | 'url'
  | 'contentUrl'
  | 'containerUrl'
  | 'permissionsUrl'
  | 'ownerUrl'
  | 'iv'
  | 'algorithm'
  | 'headerHashAlgorithm'
  | 'contentHashAlgorithm'
  | 'keyHashAlgorithm';

/** An item's metadata as listed, with its decrypted header summary when main has it. */
export interface ItemView extends Omit<Item, MainOnlyField> {
  /** Slash form of the id. */
  readonly path: string;
  readonly ownerId: string;
  readonly ownedByMe: boolean;
  readonly decryptedHeader?: RecordHeader;
  /** Why the header could not be read, when it could not. */
  readonly headerProblem?: string;
  /** How many organizations besides the owner have access, when main has counted. */
  readonly accessCount?: number;
  /** A document's binder fields (decisions §8: type, expiry, person, version label), checked when its header was read. */
  readonly fields?: DocumentFields;
}

/** Part of a study's listing as it streams in (items.listNext); `done` on the last one. */
export interface ItemPage {
  readonly items: ItemView[];
  readonly done: boolean;
}

export interface ItemDetails {
  readonly item: ItemView;
  readonly access: readonly Organization[];
}
