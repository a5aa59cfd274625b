// The binder's IPC handlers (shared/ipc/contract/binder.ts; decisions §8–§9): Describe…, the
// expected documents, the computed binder and its CSV, the expiring view and the studies' marks.
import { toAppError } from '../../../shared/app-error.js';
import { binderCsv } from '../../../shared/binder/binder-csv.js';
import { binderView } from '../../../shared/binder/binder-view.js';
import { CHECKLIST_TEMPLATES } from '../../../shared/binder/templates.js';
import type { BinderView, ChecklistView, DescribeResult, StudyMark } from '../../../shared/binder/views.js';
import { cleanFileName } from '../../../shared/file-name.js';
import { toSlashForm } from '../../../shared/item-path.js';
import type { Item } from '../../../shared/types.js';
import { binderOrganizations, fulfilmentDocuments } from '../../services/binder/binder-documents.js';
import { checklistsOf, type ReadChecklist } from '../../services/binder/checklist-records.js';
import { describeDocument } from '../../services/binder/describe-document.js';
import { ownerSignOffs } from '../../services/signoffs/owner-signoffs.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import type { Session } from '../profiles/session.js';
import { itemView } from '../studies/views.js';
import { readerOf, signOffsState, type SignOffsState } from '../signoffs/signoff-handlers.js';
import { today } from './binder-clock.js';
import { expiringView } from './expiring.js';

type BinderHandlers = Pick<
  Handlers,
  | 'binder.describe'
  | 'binder.checklist'
  | 'binder.setChecklist'
  | 'binder.templates'
  | 'binder.status'
  | 'binder.statusCsv'
  | 'binder.expiring'
  | 'binder.studyMarks'
>;

const asList = (answer: Item | Item[]): Item[] => (Array.isArray(answer) ? answer : [answer]);

function checklistView(containerId: string, canEdit: boolean, read: ReadChecklist): ChecklistView {
  return {
    containerId,
    exists: read.exists,
    items: read.items,
    canEdit,
    problems: read.problems,
    ...(read.updatedAt ? { updatedAt: read.updatedAt } : {}),
  };
}

/**
 * The binder of one study as the active profile sees it now: one listing, headers from the
 * session's cache; the owner's sign-offs read (by the session's sign-off reader) only when an
 * expected item asks for one.
 */
export async function computeBinder(
  ctx: AppContext,
  s: Session,
  containerId: string,
  signOffs: SignOffsState = signOffsState((id) => ctx.pins(id)),
): Promise<BinderView> {
  const container = await s.client.getContainer(containerId);
  const [checklist, organizations, listed, settings] = await Promise.all([
    checklistsOf(s).read(containerId, container.ownerId),
    binderOrganizations(s.client, container),
    s.client.listItems(containerId, undefined, { recurse: true }),
    ctx.settings.get(),
  ]);
  const hasOwnerSignOff = await ownerSignOffs(readerOf(signOffs, s), containerId, container.ownerId, checklist.items);
  const documents = fulfilmentDocuments(asList(listed), (item) => itemView(s, containerId, item, true).decryptedHeader);
  return binderView({
    containerId,
    items: checklist.items,
    problems: checklist.problems,
    ownerId: container.ownerId,
    organizations,
    viewerId: s.profile.organizationId,
    documents,
    today: today(ctx),
    warningDays: settings.expiryWarningDays,
    hasOwnerSignOff,
  });
}

export function binderHandlers(
  ctx: AppContext,
  /** The app's sign-off state: the session's reader (and its cache) shared with the sign-off handlers. */
  signOffs: SignOffsState = signOffsState((id) => ctx.pins(id)),
): BinderHandlers {
  return {
    'binder.describe': async ({ containerId, itemPaths, ...change }) => {
      const s = await ctx.session();
      const results: DescribeResult[] = [];
      for (const itemPath of itemPaths) {
        try {
          await describeDocument(s.client, s.sharing, containerId, itemPath, change);
          results.push({ itemPath, ok: true });
        } catch (e) {
          results.push({ itemPath, ok: false, error: toAppError(e) });
        }
      }
      if (results.some((r) => r.ok)) s.search.markStale(containerId);
      const done = results.filter((r) => r.ok).length;
      await ctx.record({
        action: 'update',
        ok: done === results.length,
        study: containerId,
        item: itemPaths.length === 1 ? toSlashForm(itemPaths[0]!) : `${itemPaths.length} documents`,
        detail: `described (type, expiry, person, version label): ${done} of ${results.length}`,
      });
      return results;
    },
    'binder.checklist': async ({ containerId }) => {
      const s = await ctx.session();
      const container = await s.client.getContainer(containerId);
      const read = await checklistsOf(s).read(containerId, container.ownerId);
      return checklistView(containerId, container.ownerId === s.profile.organizationId, read);
    },
    'binder.setChecklist': async ({ containerId, items }) => {
      const s = await ctx.session();
      const container = await s.client.getContainer(containerId);
      const saved = await checklistsOf(s).save(containerId, container.ownerId, items);
      await ctx.record({
        action: 'edit-study',
        ok: saved.notShared.length === 0,
        study: containerId,
        item: 'Expected documents',
        detail: `${items.length} expected items${saved.notShared.length ? `; not shared with ${saved.notShared.map((n) => n.organizationName).join(', ')}` : ''}`,
      });
      return checklistView(containerId, true, {
        ...saved,
        problems: [
          ...saved.problems,
          ...saved.notShared.map((n) => `Not shared with ${n.organizationName}: ${n.reason}`),
        ],
      });
    },
    'binder.templates': () => [...CHECKLIST_TEMPLATES],
    'binder.status': async ({ containerId }) => computeBinder(ctx, await ctx.session(), containerId, signOffs),
    'binder.statusCsv': async ({ containerId }) => {
      const s = await ctx.session();
      const binder = await computeBinder(ctx, s, containerId, signOffs);
      const title = await s.studyTitle(containerId).catch(() => containerId);
      return { csv: binderCsv(binder), fileName: cleanFileName(`${title} binder ${binder.today}.csv`, 'binder.csv') };
    },
    'binder.expiring': async ({ withinDays }) => {
      const s = await ctx.session();
      const settings = await ctx.settings.get();
      return expiringView(s, { today: today(ctx), withinDays: withinDays ?? settings.expiryWarningDays });
    },
    'binder.studyMarks': async () => {
      const s = await ctx.session();
      const marks = new Map<string, { expired: number; overdue: number }>();
      const view = await expiringView(s, { today: today(ctx), withinDays: 0 });
      for (const d of view.documents) {
        if (!d.expired) continue;
        const m = marks.get(d.containerId) ?? { expired: 0, overdue: 0 };
        m.expired++;
        marks.set(d.containerId, m);
      }
      // overdue needs each study's checklist: only those the refresh has listed
      for (const study of s.watch.listed()) {
        const binder = await computeBinder(ctx, s, study.id, signOffs).catch(() => undefined);
        const overdue = binder?.cells.filter((c) => c.status === 'overdue').length ?? 0;
        if (!overdue) continue;
        const m = marks.get(study.id) ?? { expired: 0, overdue: 0 };
        m.overdue = overdue;
        marks.set(study.id, m);
      }
      return [...marks].map(([containerId, m]): StudyMark => ({ containerId, ...m }));
    },
  };
}
