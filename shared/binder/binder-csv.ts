// The binder as CSV (Export, `checklist show --csv`): one line per cell. Every cell goes through
// the CSV helper, so a title or name another organization chose never reaches a spreadsheet as a
// formula.
import { csvLines } from '../csv.js';
import { documentTypeName } from './document-types.js';
import { statusWords } from './status-words.js';
import type { BinderView } from './views.js';

export const BINDER_CSV_HEADER = [
  'Organization',
  'Expected item',
  'Type',
  'Status',
  'Status in words',
  'Person',
  'Document',
  'Expires',
  'Updated',
  'Due',
] as const;

export function binderCsv(binder: Pick<BinderView, 'organizations' | 'items' | 'cells'>): string {
  const organizations = new Map(binder.organizations.map((o) => [o.id, o.name]));
  const items = new Map(binder.items.map((i) => [i.id, i]));
  return csvLines([
    BINDER_CSV_HEADER,
    ...binder.cells.map((cell) => {
      const item = items.get(cell.itemId);
      return [
        organizations.get(cell.organizationId) ?? cell.organizationId,
        item?.title ?? cell.itemId,
        item ? documentTypeName(item.docType) : '',
        cell.status,
        statusWords(cell),
        cell.document?.person?.name ?? '',
        cell.document?.name ?? '',
        cell.document?.expiresOn ?? (cell.document?.expiresOnUnreadable ? 'unreadable date' : ''),
        cell.document?.updatedAt ?? '',
        cell.dueOn ?? '',
      ];
    }),
  ]);
}
