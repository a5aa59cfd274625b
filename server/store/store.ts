// The one interface the routes use for everything they keep: SQLite with content files
// (sqlite/sqlite-store.ts, the embedded default) and PostgreSQL with content in chunk rows
// (postgres/pg-store.ts, several server processes on one database) both implement it.
// Every method resolves only once its change is committed, so an answer never acknowledges
// a write that could still be lost.
import type { ListQuery } from './listing-sql.js';
import type {
  ContainerRow,
  ItemFields,
  ListedWireRow,
  NewOrganization,
  OrganizationChanges,
  OrganizationRow,
  VisibleItemRow,
} from './rows.js';

export type StoreKind = 'sqlite' | 'postgres';

/** Which store: a data folder (SQLite and content files) or a PostgreSQL database. */
export interface StoreOptions {
  /** A data folder: exchange.sqlite, content/, tmp/, trust/. */
  dataDir?: string;
  /** postgres://user:password@host:port/database; content lives in the database too. */
  databaseUrl?: string;
}

/** The fields of an item write; the content (decoded ciphertext) is in a temporary file. */
export type ItemWrite = ItemFields & { readonly tempFile: string };

/** A stored content opened for reading: one consistent version, whatever writes follow. */
export interface StoredContent {
  /** Bytes stored (decoded ciphertext; Base-64 text for `base64` content). */
  readonly size: number;
  /** Old SQLite data folders hold the Base-64 text as received; everything else holds bytes. */
  readonly encoding: 'binary' | 'base64';
  /** Whether reads should go past the page cache (large files); reads then want aligned blocks. */
  readonly direct: boolean;
  /** Reads up to `length` bytes at `position` into the start of `into`; 0 at the end. */
  read(into: Buffer, length: number, position: number): Promise<number>;
}

/** The item as saved (what the answer shows, no second read), or refused: another organization owns the path. */
export type SaveOutcome = { readonly created: boolean; readonly row: VisibleItemRow } | 'notOwner';

export type GrantOutcome = 'granted' | 'notMember' | 'alreadyHasAccess';

export interface Store {
  readonly kind: StoreKind;

  getOrganization(id: string): Promise<OrganizationRow | undefined>;
  /** Every organization (disabled ones too) whose name starts with the prefix, case-insensitively; by name. */
  listOrganizations(namePrefix?: string): Promise<OrganizationRow[]>;
  /** Throws NameTakenError when the name is taken case-insensitively. */
  insertOrganization(o: NewOrganization, now: number): Promise<OrganizationRow>;
  /** Undefined when there is no such organization; throws NameTakenError, and LastAdministratorError rather than leave none enabled. */
  updateOrganization(id: string, c: OrganizationChanges, now: number): Promise<OrganizationRow | undefined>;

  insertContainer(ownerId: string, now: number): Promise<ContainerRow>;
  /** The container when the organization owns or collaborates on it. */
  visibleContainer(containerId: string, orgId: string): Promise<ContainerRow | undefined>;
  listVisibleContainers(orgId: string): Promise<ContainerRow[]>;
  /** Owner first, then collaborators in the order they were granted. */
  containerMembers(c: ContainerRow): Promise<OrganizationRow[]>;
  /** A no-op for the owner or an existing collaborator. */
  addCollaborator(c: ContainerRow, orgId: string, now: number): Promise<void>;
  /** Its items and grants stay stored (protocol.md §2). */
  removeCollaborator(c: ContainerRow, orgId: string, now: number): Promise<void>;

  getVisibleItem(containerId: string, path: string, orgId: string): Promise<VisibleItemRow | undefined>;
  /** The organization that owns the item at the path, visible to the caller or not. */
  itemOwner(containerId: string, path: string): Promise<string | undefined>;
  /**
   * Creates or replaces (by its owner only) the item at the path with the temporary file's
   * content, in one transaction; the owner is checked under its lock (the one check that
   * cannot race). The caller removes the temporary file if it is still there.
   */
  saveItem(containerId: string, path: string, ownerId: string, w: ItemWrite, now: number): Promise<SaveOutcome>;
  /** The item, its grants and its content. */
  deleteItem(row: VisibleItemRow): Promise<void>;
  /**
   * The visible item and its content, read in one snapshot by `send`; undefined (and `send`
   * not called) when the organization sees no such item.
   */
  readContent<T>(
    containerId: string,
    path: string,
    orgId: string,
    send: (row: VisibleItemRow, content: StoredContent) => Promise<T>,
  ): Promise<T | undefined>;
  /**
   * The items of a listing in path order, in batches, read in one snapshot by `consume`
   * while it writes them out; the rest of the store stays usable meanwhile.
   */
  listItems(q: ListQuery, consume: (batches: AsyncIterable<readonly ListedWireRow[]>) => Promise<void>): Promise<void>;

  /** Owner first, then every organization granted, in grant order. */
  itemReaders(row: VisibleItemRow): Promise<OrganizationRow[]>;
  grantItemKey(c: ContainerRow, row: VisibleItemRow, orgId: string, key: string): Promise<GrantOutcome>;
  /** False when the organization has no key to update. */
  updateItemKey(row: VisibleItemRow, orgId: string, key: string): Promise<boolean>;
  /** False when the organization has no key to revoke. */
  revokeItemKey(row: VisibleItemRow, orgId: string): Promise<boolean>;

  /** Records a request id; false when it was already seen and has not expired (replay). */
  recordRequestId(orgId: string, requestId: string, expiresAt: number, now: number): Promise<boolean>;

  /** CA certificates (PEM) the store itself trusts, e.g. a sandbox's CA. */
  trustedCas(): Promise<string[]>;
  addTrustedCa(name: string, pem: string): Promise<void>;

  /** Closes the store; resolves once reads still running have ended. */
  close(): Promise<void>;
}

/** UUIDs are accepted with or without hyphens, in any case: one id, one key (both stores' replay refusal). */
export function requestIdKey(requestId: string): string {
  return requestId.toLowerCase().replace(/-/g, '');
}

export class NameTakenError extends Error {
  constructor(name: string) {
    super(`An organization named ${JSON.stringify(name)} already exists.`);
    this.name = 'NameTakenError';
  }
}

/** The certificate (thumbprint) is another organization's already: one key, one organization (decisions §3). */
export class CertificateTakenError extends Error {
  constructor(readonly thumbprint: string) {
    super(`The certificate (SHA-1 fingerprint ${thumbprint}) is already registered to another organization.`);
    this.name = 'CertificateTakenError';
  }
}

/** The change would leave no enabled administrator (checked in the update's transaction). */
export class LastAdministratorError extends Error {
  constructor(id: string) {
    super(`Organization ${id} is the last enabled administrator.`);
    this.name = 'LastAdministratorError';
  }
}

/** Whether changes `c` take an enabled administrator `row` away: it is disabled or no longer an administrator. */
export function removesAdministrator(
  row: { readonly is_admin: number; readonly is_disabled: number },
  c: { readonly isDisabled?: boolean; readonly isAdmin?: boolean },
): boolean {
  return Boolean(row.is_admin) && !row.is_disabled && (c.isDisabled === true || c.isAdmin === false);
}

/** The store cannot be reached (PostgreSQL down or unreachable): answered 503, tried again later. */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The database cannot be reached: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** Every connection for streaming reads is taken (slow readers): answered 503, tried again later. */
export class StoreBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreBusyError';
  }
}

/**
 * The connection broke while a change was committed, and whether it was is unknown: answered
 * 500, never 1018, which a client sends again (a POST would be stored twice).
 */
export class StoreOutcomeUnknownError extends Error {
  constructor(transaction: string) {
    super(
      `The database connection broke during the commit of transaction ${transaction}, and its outcome could not be learnt.`,
    );
    this.name = 'StoreOutcomeUnknownError';
  }
}
