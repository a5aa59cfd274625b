// Organizations, found by name case-insensitively (name_key).
import type { Db } from './database.js';
import { newId } from '../ids.js';
import { organizationColumns, type NewOrganization, type OrganizationChanges, type OrganizationRow } from '../rows.js';
import { CertificateTakenError, LastAdministratorError, NameTakenError, removesAdministrator } from '../store.js';

/** Throws CertificateTakenError when another organization has the thumbprint (in the write transaction). */
function checkThumbprintFree(db: Db, thumbprint: string | undefined, id: string): void {
  if (!thumbprint) return;
  const other = db.prepare('SELECT id FROM organizations WHERE thumbprint = ? AND id <> ?').get(thumbprint, id);
  if (other) throw new CertificateTakenError(thumbprint);
}

export function getOrganization(db: Db, id: string): OrganizationRow | undefined {
  return db.prepare('SELECT * FROM organizations WHERE id = ?').get(id) as OrganizationRow | undefined;
}

function findOrganizationByName(db: Db, name: string): OrganizationRow | undefined {
  return db.prepare('SELECT * FROM organizations WHERE name_key = ?').get(name.toLowerCase()) as
    OrganizationRow | undefined;
}

/** Every organization (disabled ones too) whose name starts with the prefix, case-insensitively; by name. */
export function listOrganizations(db: Db, namePrefix?: string): OrganizationRow[] {
  if (!namePrefix) return db.prepare('SELECT * FROM organizations ORDER BY name_key, id').all() as OrganizationRow[];
  const key = namePrefix.toLowerCase();
  return db
    .prepare('SELECT * FROM organizations WHERE substr(name_key, 1, length(@key)) = @key ORDER BY name_key, id')
    .all({ key }) as OrganizationRow[];
}

export function insertOrganization(db: Db, o: NewOrganization, now: number): OrganizationRow {
  const id = newId();
  const run = db.transaction(() => {
    if (findOrganizationByName(db, o.name)) throw new NameTakenError(o.name);
    checkThumbprintFree(db, o.thumbprint, id);
    db.prepare(
      `INSERT INTO organizations (id, name, name_key, is_sirb, is_admin, is_disabled, certificate_pem, thumbprint, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, ...organizationColumns(o), now, now);
  });
  run.immediate();
  return getOrganization(db, id)!;
}

export function updateOrganization(
  db: Db,
  id: string,
  c: OrganizationChanges,
  now: number,
): OrganizationRow | undefined {
  const run = db.transaction(() => {
    const row = getOrganization(db, id);
    if (!row) return undefined;
    // in the write transaction: two administrators disabling each other are serialized
    if (removesAdministrator(row, c)) {
      const others = db
        .prepare('SELECT count(*) AS n FROM organizations WHERE is_admin = 1 AND is_disabled = 0 AND id <> ?')
        .get(id) as { n: number };
      if (others.n === 0) throw new LastAdministratorError(id);
    }
    if (c.name !== undefined) {
      const other = findOrganizationByName(db, c.name);
      if (other && other.id !== id) throw new NameTakenError(c.name);
    }
    checkThumbprintFree(db, c.thumbprint, id);
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
