// The expected documents as the archive carries them (decisions §11): the checklist record,
// the binder's CSV as the window and the CLI export it, and one row per cell for index.html.
import { binderCsv } from '../../../shared/binder/binder-csv.js';
import { statusWords } from '../../../shared/binder/status-words.js';
import type { BinderView } from '../../../shared/binder/views.js';
import type { ChecklistPart } from './archive-model.js';

/** Undefined when the study has no expected documents. */
export function archiveChecklist(binder: BinderView): ChecklistPart | undefined {
  if (binder.items.length === 0) return undefined;
  const organizations = new Map(binder.organizations.map((o) => [o.id, o.name]));
  const titles = new Map(binder.items.map((i) => [i.id, i.title]));
  return {
    record: { type: 'checklist', version: 'SX.1', items: binder.items },
    csv: binderCsv(binder),
    rows: binder.cells.map((c) => ({
      item: titles.get(c.itemId) ?? c.itemId,
      organization: organizations.get(c.organizationId) ?? c.organizationId,
      status: statusWords(c),
      ...(c.document ? { document: c.document.name } : {}),
      ...(c.document?.expiresOn ? { date: c.document.expiresOn } : c.dueOn ? { date: c.dueOn } : {}),
    })),
  };
}
