// A profile's roles in the window's words.
import type { Role } from '../../../shared/ipc/views.js';

const ROLE_NAMES: Readonly<Record<Role, string>> = { sirb: 'sIRB', psite: 'pSite', admin: 'Admin' };

export function roleNames(roles: readonly Role[]): string {
  return roles.length ? roles.map((r) => ROLE_NAMES[r]).join(' · ') : 'No role';
}
