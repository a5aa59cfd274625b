// Ids the server makes: organizations, containers, stored contents and temporary files.
import { randomBytes } from 'node:crypto';

/** 32 lower-case hex (docs/protocol.md §1, Resources). */
export function newId(): string {
  return randomBytes(16).toString('hex');
}
