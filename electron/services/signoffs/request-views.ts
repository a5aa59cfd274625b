// Requests as their owner and the organizations asked see them (docs/protocol.md §10): answered
// when each organization asked has a valid sign-off of the document's current version with the
// request's meaning. A request is of the version current when it was made; when the document is
// replaced it reopens and asks for the new one (`reopened`).
import { toSlashForm } from '../../../shared/item-path.js';
import type { RequestedView, SignOffRequestView } from '../../../shared/signoffs/views.js';
import type { Item } from '../../../shared/types.js';
import { hasValidSignOff, type CheckedRecord, type ReadRequest } from './signoff-reader.js';

/** Today as YYYY-MM-DD on this computer's calendar (a due date is a day, not an instant). */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function ownerRequestView(
  containerId: string,
  request: ReadRequest,
  document: Pick<Item, 'contentHash'>,
  signOffs: readonly CheckedRecord[],
  nameOf: (organizationId: string) => string,
  today: string,
): SignOffRequestView {
  const c = request.content;
  const organizations = c.organizations.map((id) => {
    const found = hasValidSignOff(signOffs, id, c.meaning, document.contentHash);
    return {
      id,
      name: nameOf(id),
      answered: found !== undefined,
      ...(found?.checked.valid ? { signedAt: found.checked.content.statement.signedAt } : {}),
    };
  });
  const answered = organizations.every((o) => o.answered);
  return {
    path: toSlashForm(request.item.id),
    containerId,
    itemPath: toSlashForm(c.itemId),
    meaning: c.meaning,
    requestedAt: request.item.createdAt,
    ...(c.dueOn ? { dueOn: c.dueOn } : {}),
    ...(c.message ? { message: c.message } : {}),
    organizations,
    answered,
    overdue: !answered && c.dueOn !== undefined && c.dueOn < today,
    reopened: c.contentHash !== document.contentHash,
  };
}

export function requestedView(
  request: ReadRequest,
  context: {
    readonly containerId: string;
    readonly studyTitle: string;
    readonly self: string;
    /** The document as this organization sees it now (undefined: not shared with it, or gone). */
    readonly document: Pick<Item, 'contentHash'> | undefined;
    readonly documentName: string;
    readonly fromName: string;
    readonly signOffs: readonly CheckedRecord[];
    readonly today: string;
  },
): RequestedView {
  const c = request.content;
  const current = context.document?.contentHash ?? c.contentHash;
  const answered = hasValidSignOff(context.signOffs, context.self, c.meaning, current) !== undefined;
  return {
    path: toSlashForm(request.item.id),
    containerId: context.containerId,
    studyTitle: context.studyTitle,
    itemPath: toSlashForm(c.itemId),
    documentName: context.documentName,
    from: { id: request.requesterId, name: context.fromName },
    meaning: c.meaning,
    requestedAt: request.item.createdAt,
    ...(c.dueOn ? { dueOn: c.dueOn } : {}),
    ...(c.message ? { message: c.message } : {}),
    answered,
    overdue: !answered && c.dueOn !== undefined && c.dueOn < context.today,
    reopened: c.contentHash !== current,
  };
}

/** Outstanding first, then by due date (none last), then newest. */
export function byUrgency(a: RequestedView, b: RequestedView): number {
  if (a.answered !== b.answered) return a.answered ? 1 : -1;
  const due = (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999');
  return due || b.requestedAt.localeCompare(a.requestedAt);
}
