// Human-readable lines for the command-line tool's default output. Whatever the exchange or
// another organization wrote (titles, study fields, names, paths, ids) goes through cleanText
// first: raw, an ESC or BEL would let it drive the user's terminal (clear the screen, colour a
// fake status, plant an OSC-8 link) and bidi controls would reorder what is shown. --json
// output is left as it came.
import { cleanText } from '../../shared/file-name.js';
import type { Container, Item, Organization } from '../../shared/types.js';
import { knownStudyFields, type StudyRecord } from '../../shared/study-record.js';
import type { Profile } from '../services/profiles/profiles.js';
import { toSlashForm } from '../../shared/item-path.js';

export function profileLine(p: Profile): string {
  const roles = [p.roleHints.sirb ? 'sIRB' : '', p.roleHints.admin ? 'admin' : ''].filter(Boolean).join(',');
  const cert = p.certificate
    ? `cert ${p.certificate.thumbprint.slice(0, 12)}… until ${p.certificate.validTo.slice(0, 10)}`
    : 'no certificate yet';
  return `${p.name}  [${p.environment}${roles ? ' ' + roles : ''}]  ${p.baseUrl}  org ${p.organizationId}  ${cert}`;
}

/** One field from elsewhere, safe to write to a terminal (control, bidi and invisible characters removed). */
export const shown = (text: unknown): string => cleanText(String(text ?? ''));

export function containerLine(c: Container & { readonly title?: string }): string {
  const title = c.title ? shown(c.title) : '';
  return `${shown(c.id)}  ${title ? `${title}  ` : ''}owner ${shown(c.ownerId)}  updated ${shown(c.updatedAt)}`;
}

/** The study record's particulars under `containers show`. */
export function studyLines(record: StudyRecord | undefined): string[] {
  if (!record) return ['no readable study record'];
  const f = knownStudyFields(record);
  const pi = f.principalInvestigator
    ? `${f.principalInvestigator.name}${f.principalInvestigator.email ? ` <${f.principalInvestigator.email}>` : ''}`
    : undefined;
  return [
    ['protocol', f.protocolNumber],
    ['principal investigator', pi],
    ['sponsor', f.sponsor],
    ['description', f.description],
  ]
    .map(([k, v]) => [k, v ? shown(v) : ''])
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`);
}

export function organizationLine(o: Organization): string {
  const flags = [o.isSirb ? 'sIRB' : 'pSite', o.isDisabled ? 'disabled' : ''].filter(Boolean).join(', ');
  return `${shown(o.id)}  ${shown(o.name)}  (${flags})  ${o.thumbprint ? shown(o.thumbprint) : 'no certificate'}`;
}

export function itemLine(i: Item): string {
  return `${shown(toSlashForm(i.id))}  updated ${shown(i.updatedAt)}`;
}

export function table<T>(rows: readonly T[], line: (row: T) => string, empty = 'None.'): string {
  return rows.length === 0 ? empty : rows.map(line).join('\n');
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
