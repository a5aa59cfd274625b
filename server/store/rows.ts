// The rows both stores hand to the routes, in SQLite's column names (PostgreSQL's schema uses
// the same). What each store keeps beside them (SQLite's content file, PostgreSQL's content id)
// stays in that store.

export interface OrganizationRow {
  readonly id: string;
  readonly name: string;
  readonly is_sirb: number;
  readonly is_admin: number;
  readonly is_disabled: number;
  readonly certificate_pem: string | null;
  readonly thumbprint: string;
  readonly created_at: number;
  readonly updated_at: number;
}

export interface NewOrganization {
  readonly name: string;
  readonly isSirb?: boolean;
  readonly isAdmin?: boolean;
  readonly isDisabled?: boolean;
  readonly certificatePem?: string;
  readonly thumbprint?: string;
}

/**
 * A new organization's columns after its id, in the order both stores insert them: name,
 * name_key, is_sirb, is_admin, is_disabled, certificate_pem, thumbprint.
 */
export function organizationColumns(
  o: NewOrganization,
): [string, string, number, number, number, string | null, string] {
  return [
    o.name,
    o.name.toLowerCase(),
    o.isSirb ? 1 : 0,
    o.isAdmin ? 1 : 0,
    o.isDisabled ? 1 : 0,
    o.certificatePem ?? null,
    o.thumbprint ?? '',
  ];
}

export interface OrganizationChanges {
  readonly name?: string;
  readonly isSirb?: boolean;
  readonly isDisabled?: boolean;
  readonly isAdmin?: boolean;
  readonly certificatePem?: string;
  readonly thumbprint?: string;
}

export interface ContainerRow {
  readonly id: string;
  readonly owner_id: string;
  readonly created_at: number;
  readonly updated_at: number;
}

export interface ItemRow {
  readonly rowid: number;
  readonly container_id: string;
  readonly path: string;
  readonly depth: number;
  readonly owner_id: string;
  readonly header: string;
  readonly header_hash: string;
  readonly content_hash: string;
  readonly key_hash: string;
  readonly iv: string;
  readonly content_length: number;
  readonly created_at: number;
  readonly updated_at: number;
}

/** An item row joined with the caller's wrapped key. */
export interface VisibleItemRow extends ItemRow {
  readonly key: string;
}

/** The stored fields of an item write, as the route decoded them. */
export interface ItemFields {
  readonly header: string;
  readonly headerHash: string;
  readonly contentHash: string;
  readonly keyHash: string;
  readonly iv: string;
  readonly key: string;
  readonly contentLength: number;
}

/**
 * A listed item: what the listing writes itself, and `tail`, the JSON text of the stored
 * fields from "header" to the closing brace, written by the database (SQLite escapes with
 * json_quote; PostgreSQL's schema admits only characters that need no escaping). PostgreSQL
 * hands the tail over as the UTF-8 bytes it sent, never decoded into a string.
 */
export type ListedWireRow = readonly [
  path: string,
  ownerId: string,
  createdAt: number,
  updatedAt: number,
  tail: string | Buffer,
];
