// Human-readable lines for the command-line tool's default output.
import type { Container, Item, Organization } from '../../shared/types.js';
import { knownStudyFields, type StudyRecord } from '../../shared/study-record.js';
import type { Profile } from '../services/profiles.js';
import { toSlashForm } from '../../shared/item-path.js';

export function profileLine(p: Profile): string {
  const roles = [p.roleHints.sirb ? 'sIRB' : '', p.roleHints.admin ? 'admin' : ''].filter(Boolean).join(',');
  const cert = p.certificate ? `cert ${p.certificate.thumbprint.slice(0, 12)}… until ${p.certificate.validTo.slice(0, 10)}` : 'no certificate yet';
  return `${p.name}  [${p.environment}${roles ? ' ' + roles : ''}]  ${p.baseUrl}  org ${p.organizationId}  ${cert}`;
}

export function containerLine(c: Container & { readonly title?: string }): string {
  return `${c.id}  ${c.title ? `${c.title}  ` : ''}owner ${c.ownerId}  updated ${c.updatedAt}`;
}

/** The study record's particulars under `containers show`. */
export function studyLines(record: StudyRecord | undefined): string[] {
  if (!record) return ['no readable study record'];
  const f = knownStudyFields(record);
  const pi = f.principalInvestigator ? `${f.principalInvestigator.name}${f.principalInvestigator.email ? ` <${f.principalInvestigator.email}>` : ''}` : undefined;
  return [
    ['protocol', f.protocolNumber],
    ['principal investigator', pi],
    ['sponsor', f.sponsor],
    ['description', f.description],
  ]
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`);
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
