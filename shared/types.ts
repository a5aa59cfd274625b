// Wire types of the exchange service (protocol.md §1, §2, §5). Used by the
// server, the client core and the renderer; pure types, no runtime code.

export interface Container {
  readonly id: string;
  readonly url: string;
  readonly ownerId: string;
  readonly itemsUrl: string;
  readonly organizationsUrl: string;
  readonly ownerUrl: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface Organization {
  readonly id: string;
  readonly url: string;
  readonly name: string;
  readonly isSirb: boolean;
  readonly isDisabled: boolean;
  readonly certificateUrl: string;
  /** SHA-1 of the certificate's DER, lower-case hex; empty when no certificate is registered. */
  readonly thumbprint: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The fields every write carries (PUT item, POST add item). */
export interface ItemWritePayload {
  readonly header: string;
  readonly headerHash: string;
  readonly headerHashAlgorithm: 'SHA256';
  readonly content: string;
  readonly contentHash: string;
  readonly contentHashAlgorithm: 'SHA256';
  readonly key: string;
  readonly keyHash: string;
  readonly keyHashAlgorithm: 'SHA256';
  readonly iv: string;
  readonly algorithm: 'AES';
}

/** An item as listed, saved or added: everything but `content`. */
export interface Item extends Omit<ItemWritePayload, 'content'> {
  /** Stored pipe form, e.g. `documents|4708...`; clients treat `a/b` and `a|b` as one. */
  readonly id: string;
  readonly url: string;
  readonly contentUrl: string;
  readonly ownerUrl: string;
  readonly containerUrl: string;
  readonly permissionsUrl: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** An item from the content endpoint. */
export interface ItemWithContent extends Item {
  readonly content: string;
}

export interface CreateOrganizationPayload {
  readonly name: string;
  readonly isSirb?: boolean;
  readonly certificate?: string;
}

export interface UpdateOrganizationPayload {
  readonly name?: string;
  readonly isSirb?: boolean;
  readonly isDisabled?: boolean;
}

export interface ErrorBody {
  readonly code: number;
  readonly status: number;
  readonly message: string;
  readonly details: string;
}

export interface RootEndpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly roles: readonly ('Anonymous' | 'sIRB' | 'pSite' | 'Admin')[];
}

export interface RootDocument {
  readonly name: string;
  readonly version: string;
  readonly endpoints: readonly RootEndpoint[];
}

/** Decrypted header of a document item (protocol.md §4). */
/** A document's header: type, version, name and fileName always; mediaType and size as this app writes them. */
export interface DocumentHeader {
  readonly type: 'document';
  readonly version: string;
  readonly name: string;
  readonly fileName: string;
  readonly mediaType?: string;
  readonly size?: number;
  readonly [field: string]: unknown;
}

/** A document header as this app writes it: with its media type and size. */
export interface WrittenDocumentHeader extends DocumentHeader {
  readonly mediaType: string;
  readonly size: number;
}

/** Any decrypted header: at least type and version; unknown types are shown as JSON. */
export interface RecordHeader {
  readonly type: string;
  readonly version: string;
  readonly [field: string]: unknown;
}

export const HEADER_VERSION = 'IRBX.2';
