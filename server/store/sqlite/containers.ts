// Containers and their collaborators. The owner is always a member and listed first.
import type { Db } from './database.js';
import { newId } from '../ids.js';
import type { ContainerRow, OrganizationRow } from '../rows.js';

export function insertContainer(db: Db, ownerId: string, now: number): ContainerRow {
  const id = newId();
  db.prepare('INSERT INTO containers (id, owner_id, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
    id,
    ownerId,
    now,
    now,
  );
  return { id, owner_id: ownerId, created_at: now, updated_at: now };
}

/** The container when the organization owns or collaborates on it; undefined otherwise (answered as not found). */
export function visibleContainer(db: Db, containerId: string, orgId: string): ContainerRow | undefined {
  return db
    .prepare(
      `SELECT c.* FROM containers c WHERE c.id = @id AND (c.owner_id = @org OR EXISTS (
         SELECT 1 FROM container_access a WHERE a.container_id = c.id AND a.organization_id = @org))`,
    )
    .get({ id: containerId, org: orgId }) as ContainerRow | undefined;
}

export function listVisibleContainers(db: Db, orgId: string): ContainerRow[] {
  return db
    .prepare(
      `SELECT c.* FROM containers c WHERE c.owner_id = @org
       UNION SELECT c.* FROM containers c JOIN container_access a ON a.container_id = c.id WHERE a.organization_id = @org
       ORDER BY created_at, id`,
    )
    .all({ org: orgId }) as ContainerRow[];
}

export function isMember(db: Db, c: ContainerRow, orgId: string): boolean {
  if (c.owner_id === orgId) return true;
  return (
    db.prepare('SELECT 1 FROM container_access WHERE container_id = ? AND organization_id = ?').get(c.id, orgId) !==
    undefined
  );
}

/** Owner first, then collaborators in the order they were granted. */
export function containerMembers(db: Db, c: ContainerRow): OrganizationRow[] {
  const owner = db.prepare('SELECT * FROM organizations WHERE id = ?').get(c.owner_id) as OrganizationRow;
  const others = db
    .prepare(
      `SELECT o.* FROM container_access a JOIN organizations o ON o.id = a.organization_id
       WHERE a.container_id = ? ORDER BY a.seq`,
    )
    .all(c.id) as OrganizationRow[];
  return [owner, ...others];
}

/** Adds a collaborator; a no-op for the owner or an existing collaborator. */
export function addCollaborator(db: Db, c: ContainerRow, orgId: string, now: number): void {
  if (c.owner_id === orgId) return;
  db.transaction(() => {
    const seq = (
      db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS s FROM container_access WHERE container_id = ?').get(c.id) as {
        s: number;
      }
    ).s;
    const r = db
      .prepare(
        'INSERT OR IGNORE INTO container_access (container_id, organization_id, granted_at, seq) VALUES (?, ?, ?, ?)',
      )
      .run(c.id, orgId, now, seq);
    if (r.changes > 0) db.prepare('UPDATE containers SET updated_at = ? WHERE id = ?').run(now, c.id);
  }).immediate();
}

/** Removes a collaborator; its items and grants stay stored (protocol.md §2). */
export function removeCollaborator(db: Db, c: ContainerRow, orgId: string, now: number): void {
  db.transaction(() => {
    const r = db
      .prepare('DELETE FROM container_access WHERE container_id = ? AND organization_id = ?')
      .run(c.id, orgId);
    if (r.changes > 0) db.prepare('UPDATE containers SET updated_at = ? WHERE id = ?').run(now, c.id);
  }).immediate();
}
