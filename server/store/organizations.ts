// Organization rows and their wire form.
import type { Organization } from '../../shared/types.js';
import type { Db } from './database.js';
import { isoTime, newId, organizationUrl } from '../format.js';

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

export function toOrganization(r: OrganizationRow): Organization {
  return {
    id: r.id,
    url: organizationUrl(r.id),
    name: r.name,
    isSirb: r.is_sirb === 1,
    isDisabled: r.is_disabled === 1,
    certificateUrl: `${organizationUrl(r.id)}/certificate`,
    thumbprint: r.thumbprint,
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  };
}

export class NameTakenError extends Error {
  constructor(name: string) {
    super(`An organization named ${JSON.stringify(name)} already exists.`);
    this.name = 'NameTakenError';
  }
}

export function getOrganization(db: Db, id: string): OrganizationRow | undefined {
  return db.prepare('SELECT * FROM organizations WHERE id = ?').get(id) as OrganizationRow | undefined;
}

function findOrganizationByName(db: Db, name: string): OrganizationRow | undefined {
  return db.prepare('SELECT * FROM organizations WHERE name_key = ?').get(name.toLowerCase()) as OrganizationRow | undefined;
}

/** Every organization (disabled ones too) whose name starts with the prefix, case-insensitively; by name. */
export function listOrganizations(db: Db, namePrefix?: string): OrganizationRow[] {
  if (!namePrefix) return db.prepare('SELECT * FROM organizations ORDER BY name_key, id').all() as OrganizationRow[];
  const key = namePrefix.toLowerCase();
  return db
    .prepare('SELECT * FROM organizations WHERE substr(name_key, 1, length(@key)) = @key ORDER BY name_key, id')
    .all({ key }) as OrganizationRow[];
}

export interface NewOrganization {
  readonly name: string;
  readonly isSirb?: boolean;
  readonly isAdmin?: boolean;
  readonly isDisabled?: boolean;
  readonly certificatePem?: string;
  readonly thumbprint?: string;
}

export function insertOrganization(db: Db, o: NewOrganization, now: number): OrganizationRow {
  const id = newId();
  const run = db.transaction(() => {
    if (findOrganizationByName(db, o.name)) throw new NameTakenError(o.name);
    db.prepare(
      `INSERT INTO organizations (id, name, name_key, is_sirb, is_admin, is_disabled, certificate_pem, thumbprint, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, o.name, o.name.toLowerCase(), o.isSirb ? 1 : 0, o.isAdmin ? 1 : 0, o.isDisabled ? 1 : 0, o.certificatePem ?? null, o.thumbprint ?? '', now, now);
  });
  run.immediate();
  return getOrganization(db, id)!;
}

export interface OrganizationChanges {
  readonly name?: string;
  readonly isSirb?: boolean;
  readonly isDisabled?: boolean;
  readonly isAdmin?: boolean;
  readonly certificatePem?: string;
  readonly thumbprint?: string;
}

export function updateOrganization(db: Db, id: string, c: OrganizationChanges, now: number): OrganizationRow | undefined {
  const run = db.transaction(() => {
    const row = getOrganization(db, id);
    if (!row) return undefined;
    if (c.name !== undefined) {
      const other = findOrganizationByName(db, c.name);
      if (other && other.id !== id) throw new NameTakenError(c.name);
    }
    db.prepare(
      `UPDATE organizations SET name = ?, name_key = ?, is_sirb = ?, is_disabled = ?, is_admin = ?, certificate_pem = ?, thumbprint = ?, updated_at = ?
       WHERE id = ?`,
    ).run(
      c.name ?? row.name,
      (c.name ?? row.name).toLowerCase(),
      c.isSirb === undefined ? row.is_sirb : c.isSirb ? 1 : 0,
      c.isDisabled === undefined ? row.is_disabled : c.isDisabled ? 1 : 0,
      c.isAdmin === undefined ? row.is_admin : c.isAdmin ? 1 : 0,
      c.certificatePem ?? row.certificate_pem,
      c.thumbprint ?? row.thumbprint,
      now,
      id,
    );
    return getOrganization(db, id);
  });
  return run.immediate();
}
