// Fulfilment of a study's expected documents (decisions §9), computed in one place: the window
// (through main), the command-line tool and every report call this. Nothing about fulfilment is
// stored; it follows from the checklist, the documents this profile can see, "today" (the user's
// calendar day, passed in) and the warning period.
import { parseIsoTimestamp } from '../iso-date.js';
import type { SignOffMeaning } from '../signoffs/statement.js';
import { dayNumber } from './calendar-date.js';
import { expectsFrom, type ChecklistItem } from './checklist.js';
import type { DocumentFields } from './header-fields.js';
import {
  FULFILMENT_STATUSES,
  type BinderCell,
  type BinderOrganization,
  type BinderSummary,
  type CellDocument,
  type FulfilmentStatus,
} from './views.js';

/** A document as the computation needs it: who owns it, when it changed, and its §8 fields. */
export interface FulfilmentDocument {
  /** Slash form. */
  readonly path: string;
  /** The cleaned shown name. */
  readonly name: string;
  readonly ownerId: string;
  readonly updatedAt: string;
  readonly contentHash?: string;
  readonly fields?: DocumentFields;
}

export interface FulfilmentInput {
  readonly items: readonly ChecklistItem[];
  /** The container's owner. */
  readonly ownerId: string;
  /** Every organization of the study: the owner and its collaborators (the sites). */
  readonly organizations: readonly BinderOrganization[];
  /** The profile's organization: the owner sees every row, a site only its own. */
  readonly viewerId: string;
  /** The documents this profile can see (records are not documents). */
  readonly documents: readonly FulfilmentDocument[];
  /** The user's calendar day, YYYY-MM-DD. */
  readonly today: string;
  /** Days before an expiry that a document is expiring. */
  readonly warningDays: number;
  /** A valid §10 sign-off by the container's owner with this meaning of the document's current version (none by default). */
  readonly hasOwnerSignOff?: (document: FulfilmentDocument, meaning: SignOffMeaning) => boolean;
}

export interface Fulfilment {
  readonly organizations: BinderOrganization[];
  readonly cells: BinderCell[];
  readonly organizationSummaries: BinderSummary[];
  readonly itemSummaries: BinderSummary[];
}

const noSignOff = (): boolean => false;
/** The statuses a summary counts as in: the document is there and valid. */
const FULFILLED: ReadonlySet<FulfilmentStatus> = new Set(['expiring', 'signed-off', 'received']);

/** The organizations an item is expected from, among the study's. */
function appliesTo(item: ChecklistItem, ownerId: string, organizations: readonly BinderOrganization[]): string[] {
  return organizations.filter((o) => expectsFrom(item, o.id, ownerId)).map((o) => o.id);
}

/** Milliseconds of an updatedAt, for "the latest"; an unreadable one counts as oldest. */
const timeOf = (d: FulfilmentDocument): number => parseIsoTimestamp(d.updatedAt) ?? Number.NEGATIVE_INFINITY;

/** The later of two candidates (ties: the greater path, so the choice never depends on listing order). */
const later = (a: FulfilmentDocument, b: FulfilmentDocument): FulfilmentDocument => {
  const ta = timeOf(a);
  const tb = timeOf(b);
  if (ta !== tb) return ta > tb ? a : b;
  return a.path >= b.path ? a : b;
};

export function computeFulfilment(input: FulfilmentInput): Fulfilment {
  const { items, ownerId, viewerId, today, warningDays } = input;
  const todayNumber = dayNumber(today);
  if (todayNumber === undefined) throw new RangeError(`today is not a calendar date: ${today}`);
  const hasSignOff = input.hasOwnerSignOff ?? noSignOff;
  const viewerIsOwner = viewerId === ownerId;

  // documents by owner and type, once (8,000 documents × 40 items × 200 sites stays linear)
  const byOwnerType = new Map<string, FulfilmentDocument[]>();
  for (const d of input.documents) {
    const docType = d.fields?.docType;
    if (!docType) continue;
    const key = `${d.ownerId}\u0000${docType}`;
    const list = byOwnerType.get(key);
    if (list) list.push(d);
    else byOwnerType.set(key, [d]);
  }

  const applies = new Map(items.map((item) => [item.id, new Set(appliesTo(item, ownerId, input.organizations))]));
  const organizations = input.organizations.filter((o) =>
    viewerIsOwner ? items.some((item) => applies.get(item.id)!.has(o.id)) : o.id === viewerId,
  );

  const cells: BinderCell[] = [];
  /** The worst status per (item, organization): what the summaries count. */
  const pairs: { itemId: string; organizationId: string; required: boolean; status: FulfilmentStatus }[] = [];
  for (const organization of organizations) {
    for (const item of items) {
      if (!applies.get(item.id)!.has(organization.id)) continue;
      const candidates = byOwnerType.get(`${organization.id}\u0000${item.docType}`) ?? [];
      const counting = item.perPerson ? latestPerPerson(candidates) : latestOf(candidates);
      const made = counting.length
        ? counting.map((d) => documentCell(item, organization.id, d))
        : [missingCell(item, organization.id)];
      cells.push(...made);
      const worst = made.reduce((w, c) => (rank(c.status) < rank(w) ? c.status : w), made[0]!.status);
      pairs.push({
        itemId: item.id,
        organizationId: organization.id,
        required: item.required !== false,
        status: worst,
      });
    }
  }

  const byOrganization = groupBy(pairs, (p) => p.organizationId);
  const byItem = groupBy(pairs, (p) => p.itemId);
  return {
    organizations,
    cells,
    organizationSummaries: organizations.map((o) => summary(o.id, byOrganization.get(o.id) ?? [])),
    itemSummaries: items.map((item) => summary(item.id, byItem.get(item.id) ?? [])),
  };

  function missingCell(item: ChecklistItem, organizationId: string): BinderCell {
    const overdue = item.dueOn !== undefined && dayNumber(item.dueOn)! < todayNumber!;
    return {
      itemId: item.id,
      organizationId,
      status: overdue ? 'overdue' : 'missing',
      ...(item.dueOn ? { dueOn: item.dueOn } : {}),
    };
  }

  function documentCell(item: ChecklistItem, organizationId: string, d: FulfilmentDocument): BinderCell {
    const expiresOn = d.fields?.expiresOn;
    const daysLeft = expiresOn === undefined ? undefined : dayNumber(expiresOn)! - todayNumber!;
    let status: FulfilmentStatus;
    if (daysLeft !== undefined && daysLeft < 0) status = 'expired';
    else if (item.needsExpiry && expiresOn === undefined) status = 'needs-expiry';
    else if (daysLeft !== undefined && daysLeft <= warningDays) status = 'expiring';
    else if (item.signOff && hasSignOff(d, item.signOff)) status = 'signed-off';
    else status = 'received';
    return {
      itemId: item.id,
      organizationId,
      status,
      document: cellDocument(d),
      ...(item.dueOn ? { dueOn: item.dueOn } : {}),
      ...(daysLeft === undefined ? {} : { daysLeft }),
    };
  }
}

function latestOf(candidates: readonly FulfilmentDocument[]): FulfilmentDocument[] {
  return candidates.length ? [candidates.reduce(later)] : [];
}

/** The latest per person.name (a document naming no person counts as one person of its own: ''). */
function latestPerPerson(candidates: readonly FulfilmentDocument[]): FulfilmentDocument[] {
  const latest = new Map<string, FulfilmentDocument>();
  for (const d of candidates) {
    const person = d.fields?.person?.name ?? '';
    const kept = latest.get(person);
    latest.set(person, kept ? later(kept, d) : d);
  }
  return [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
}

function cellDocument(d: FulfilmentDocument): CellDocument {
  return {
    path: d.path,
    name: d.name,
    updatedAt: d.updatedAt,
    ...(d.fields?.expiresOn ? { expiresOn: d.fields.expiresOn } : {}),
    ...(d.fields?.unreadable?.includes('expiresOn') ? { expiresOnUnreadable: true as const } : {}),
    ...(d.fields?.person ? { person: d.fields.person } : {}),
    ...(d.contentHash ? { contentHash: d.contentHash } : {}),
  };
}

function groupBy<T>(list: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const t of list) {
    const k = key(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}

const rank = (status: FulfilmentStatus): number => FULFILMENT_STATUSES.indexOf(status);

function summary(key: string, pairs: readonly { required: boolean; status: FulfilmentStatus }[]): BinderSummary {
  const counts = Object.fromEntries(FULFILMENT_STATUSES.map((s) => [s, 0])) as Record<FulfilmentStatus, number>;
  let expected = 0;
  let fulfilled = 0;
  for (const p of pairs) {
    counts[p.status]++;
    if (!p.required) continue;
    expected++;
    if (FULFILLED.has(p.status)) fulfilled++;
  }
  return { key, expected, fulfilled, counts };
}
