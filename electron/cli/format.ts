// Human-readable lines for the command-line tool's default output.
import type { Container, Item, Organization } from '../../shared/types.js';
import type { Profile } from '../services/profiles.js';
import { toSlashForm } from '../../shared/item-path.js';

export function profileLine(p: Profile): string {
  const roles = [p.roleHints.sirb ? 'sIRB' : '', p.roleHints.admin ? 'admin' : ''].filter(Boolean).join(',');
  const cert = p.certificate ? `cert ${p.certificate.thumbprint.slice(0, 12)}… until ${p.certificate.validTo.slice(0, 10)}` : 'no certificate yet';
  return `${p.name}  [${p.environment}${roles ? ' ' + roles : ''}]  ${p.baseUrl}  org ${p.organizationId}  ${cert}`;
}

export function containerLine(c: Container): string {
  return `${c.id}  owner ${c.ownerId}  updated ${c.updatedAt}`;
}

export function organizationLine(o: Organization): string {
  const flags = [o.isSirb ? 'sIRB' : 'pSite', o.isDisabled ? 'disabled' : ''].filter(Boolean).join(', ');
  return `${o.id}  ${o.name}  (${flags})  ${o.thumbprint || 'no certificate'}`;
}

export function itemLine(i: Item): string {
  return `${toSlashForm(i.id)}  updated ${i.updatedAt}`;
}

export function table<T>(rows: readonly T[], line: (row: T) => string, empty = 'None.'): string {
  return rows.length === 0 ? empty : rows.map(line).join('\n');
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
