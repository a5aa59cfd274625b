// Replay refusal: request ids seen per organization, kept until their window has passed,
// in SQLite so a restart keeps refusing them.
import type { Db } from './database.js';
import { requestIdKey } from '../store.js';

/** Records the id; false when it was already seen and has not expired. */
export function recordRequestId(db: Db, orgId: string, requestId: string, expiresAt: number, now: number): boolean {
  const key = requestIdKey(requestId);
  return db
    .transaction(() => {
      db.prepare('DELETE FROM seen_requests WHERE expires_at < ?').run(now);
      const seen = db
        .prepare('SELECT 1 FROM seen_requests WHERE organization_id = ? AND request_id = ?')
        .get(orgId, key);
      if (seen) return false;
      db.prepare('INSERT INTO seen_requests (organization_id, request_id, expires_at) VALUES (?, ?, ?)').run(
        orgId,
        key,
        expiresAt,
      );
      return true;
    })
    .immediate();
}
