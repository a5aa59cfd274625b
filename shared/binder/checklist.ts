// The `checklist` record (decisions §9): what the study's owner expects from each site and from
// itself. Its constants and item type, without zod (the window imports them); reading one that
// another organization wrote is checklist-read.ts, what the owner saves checklist-schema.ts.
import type { SignOffMeaning } from '../signoffs/statement.js';
export { CHECKLIST_PATH } from '../reserved-paths.js';

export const CHECKLIST_TYPE = 'checklist';
export const CHECKLIST_VERSION = 'SX.1';
export const CHECKLIST_NAME = 'Expected documents';
export { MAX_CHECKLIST_ITEMS } from '../limits.js';
export const CHECKLIST_TITLE_MAX = 200;
export const CHECKLIST_ITEM_ID = /^[a-z0-9-]{1,64}$/;
export const ORGANIZATION_ID = /^[0-9a-f]{32}$/;
/** Most organizations one item may name in `from` (a study has far fewer collaborators). */
export const MAX_FROM_ORGANIZATIONS = 1000;

/** From whom an item is expected: every site (each collaborator), the owner, or these organizations. */
export type ExpectedFrom = 'each-site' | 'owner' | string[];

/** One expected item with its known fields (unknown ones stay in the record, not here). */
export interface ChecklistItem {
  readonly id: string;
  readonly title: string;
  readonly docType: string;
  readonly from: ExpectedFrom;
  /** Default true. */
  readonly required?: boolean;
  readonly dueOn?: string;
  readonly needsExpiry?: boolean;
  readonly perPerson?: boolean;
  readonly signOff?: SignOffMeaning;
}

/** The checklist record's header (§9). */
export const checklistHeader = (): { type: string; version: string; name: string } => ({
  type: CHECKLIST_TYPE,
  version: CHECKLIST_VERSION,
  name: CHECKLIST_NAME,
});

/** Whether `item` expects documents from `organizationId` in a study owned by `ownerId` (§9 `from`). */
export function expectsFrom(item: ChecklistItem, organizationId: string, ownerId: string): boolean {
  if (item.from === 'owner') return organizationId === ownerId;
  if (item.from === 'each-site') return organizationId !== ownerId;
  return item.from.includes(organizationId);
}
