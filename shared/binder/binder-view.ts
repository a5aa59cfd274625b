// The binder of one study as every place shows it (window, CLI, export): the checklist's items
// as columns, the organizations as rows, and the cells computeFulfilment decides.
import type { ChecklistItem } from './checklist.js';
import { computeFulfilment, type FulfilmentInput } from './fulfilment.js';
import type { BinderView, ExpiryWarningDays } from './views.js';

export interface BinderInput extends Omit<FulfilmentInput, 'items' | 'warningDays'> {
  readonly containerId: string;
  readonly items: readonly ChecklistItem[];
  readonly warningDays: ExpiryWarningDays;
  readonly problems: readonly string[];
}

export function binderView(input: BinderInput): BinderView {
  const computed = computeFulfilment(input);
  return {
    containerId: input.containerId,
    ownedByMe: input.viewerId === input.ownerId,
    today: input.today,
    warningDays: input.warningDays,
    items: [...input.items],
    problems: [...input.problems],
    ...computed,
  };
}

/** The JSON of `checklist show --json` (issue 35), exactly: no field more. */
export function binderJson(binder: Pick<BinderView, 'cells'>): unknown[] {
  return binder.cells.map((c) => ({
    itemId: c.itemId,
    organizationId: c.organizationId,
    status: c.status,
    ...(c.document
      ? {
          document: {
            path: c.document.path,
            name: c.document.name,
            ...(c.document.expiresOn ? { expiresOn: c.document.expiresOn } : {}),
            updatedAt: c.document.updatedAt,
          },
        }
      : {}),
  }));
}
