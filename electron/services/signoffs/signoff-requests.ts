// Requests joined to documents and sign-offs, for the app and the command-line tool. A request
// counts only when its writer (the exchange's owner of the record, the organization in its path)
// owns the document it names.
import { mapLimit } from '../../../shared/map-limit.js';
import { shownName } from '../../../shared/headers.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { openHeader } from '../../../shared/protocol/envelope.js';
import type { RequestedView, SignOffRequestView } from '../../../shared/signoffs/views.js';
import type { Item } from '../../../shared/types.js';
import type { CallOptions, ExchangeClient } from '../exchange-client.js';
import { ownerIdOf } from '../receipts/receipt-record.js';
import { unreachable } from '../records/small-record.js';
import type { RecordKeys } from '../transfers/records.js';
import { byUrgency, ownerRequestView, requestedView } from './request-views.js';
import type { SignOffReader } from './signoff-reader.js';

export interface RequestContext {
  readonly client: ExchangeClient;
  readonly keys: Pick<RecordKeys, 'openItemKey'>;
  readonly reader: SignOffReader;
  readonly organizationName: (id: string) => Promise<string>;
  readonly today: string;
}

async function names(ctx: RequestContext, ids: Iterable<string>): Promise<(id: string) => string> {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => ctx.organizationName(id)));
  const map = new Map(unique.map((id, i) => [id, found[i]!]));
  return (id) => map.get(id) ?? id;
}

/** This organization's requests for one of its documents, newest first. */
export async function requestsForDocument(
  ctx: RequestContext,
  containerId: string,
  document: Item,
  options: CallOptions = {},
): Promise<SignOffRequestView[]> {
  const self = ctx.client.organizationId;
  const itemId = toSlashForm(document.id);
  const requests = (await ctx.reader.requests(containerId, options)).filter(
    (r) => r.requesterId === self && ownerIdOf(document) === self && toSlashForm(r.content.itemId) === itemId,
  );
  if (requests.length === 0) return [];
  const signOffs = await ctx.reader.checkedForItem(containerId, document, options);
  const nameOf = await names(
    ctx,
    requests.flatMap((r) => r.content.organizations),
  );
  return requests
    .map((r) => ownerRequestView(containerId, r, document, signOffs, nameOf, ctx.today))
    .sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
}

/**
 * The document a request names as this organization sees it, with its shown name; undefined when
 * it is absent or not shared with it (404, 403) or its header does not open (the request is then
 * named by its path). A read that fails otherwise (the exchange unreachable or failing) throws:
 * the whole listing fails, to be retried, rather than show that request as not answered.
 */
async function documentOf(
  ctx: RequestContext,
  containerId: string,
  itemId: string,
  options: CallOptions,
): Promise<{ item: Item; name: string } | undefined> {
  try {
    const item = await ctx.client.getItem(containerId, itemId, options);
    const header = openHeader(item, ctx.keys.openItemKey(item));
    return { item, name: shownName(header, itemId) };
  } catch (e) {
    if (unreachable(e)) throw e;
    return undefined;
  }
}

export interface RequestedOptions extends CallOptions {
  /** Only these requests (paths, slash form): no other's document is read (news of a few new ones). */
  readonly only?: ReadonlySet<string>;
}

/** Requests other organizations asked of this one in these studies, outstanding first. */
export async function requestedOfUs(
  ctx: RequestContext,
  containerIds: readonly string[],
  studyTitle: (containerId: string) => Promise<string>,
  { only, ...options }: RequestedOptions = {},
): Promise<RequestedView[]> {
  const self = ctx.client.organizationId;
  const perStudy = await mapLimit(containerIds, 4, async (containerId) => {
    const asked = (await ctx.reader.requests(containerId, options)).filter(
      (r) =>
        r.requesterId !== self &&
        r.content.organizations.includes(self) &&
        (only === undefined || only.has(toSlashForm(r.item.id))),
    );
    if (asked.length === 0) return [];
    const title = await studyTitle(containerId);
    const fromName = await names(
      ctx,
      asked.map((r) => r.requesterId),
    );
    return mapLimit(asked, 4, async (r) => {
      const document = await documentOf(ctx, containerId, r.content.itemId, options);
      if (document && ownerIdOf(document.item) !== r.requesterId) return undefined; // not the document's owner
      const signOffs = document ? await ctx.reader.checkedForItem(containerId, document.item, options) : [];
      return requestedView(r, {
        containerId,
        studyTitle: title,
        self,
        document: document?.item,
        documentName: document?.name ?? toSlashForm(r.content.itemId),
        fromName: fromName(r.requesterId),
        signOffs,
        today: ctx.today,
      });
    });
  });
  return perStudy
    .flat()
    .filter((v): v is RequestedView => v !== undefined)
    .sort(byUrgency);
}
