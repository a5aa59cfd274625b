// The expected documents as the owner saves them (binder.setChecklist, `checklist set`): checked
// strictly before anything is written (decisions §9). Apart from checklist.ts so the window's
// bundle does not carry zod.
import { z } from 'zod';
import {
  CHECKLIST_ITEM_ID,
  CHECKLIST_TITLE_MAX,
  MAX_CHECKLIST_ITEMS,
  MAX_FROM_ORGANIZATIONS,
  ORGANIZATION_ID,
} from './checklist.js';
import { calendarDate, docTypeCode } from './describe-schema.js';
import { meaningSchema } from '../signoffs/statement.js';

/** An item as the owner saves it (binder.setChecklist, `checklist set`): checked strictly. */
export const checklistItemSchema = z.strictObject({
  id: z.string().regex(CHECKLIST_ITEM_ID, 'An item id is 1–64 characters of a-z, 0-9 and -.'),
  title: z.string().trim().min(1).max(CHECKLIST_TITLE_MAX),
  docType: docTypeCode,
  from: z.union([
    z.literal('each-site'),
    z.literal('owner'),
    z
      .array(z.string().regex(ORGANIZATION_ID, 'An organization id is 32 hex characters.'))
      .min(1)
      .max(MAX_FROM_ORGANIZATIONS),
  ]),
  required: z.boolean().optional(),
  dueOn: calendarDate.optional(),
  needsExpiry: z.boolean().optional(),
  perPerson: z.boolean().optional(),
  signOff: meaningSchema.optional(),
});

export const checklistItemsSchema = z
  .array(checklistItemSchema)
  .max(MAX_CHECKLIST_ITEMS, `A checklist has at most ${MAX_CHECKLIST_ITEMS} items.`)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    for (const [i, item] of items.entries()) {
      if (seen.has(item.id))
        ctx.addIssue({ code: 'custom', message: `Item id "${item.id}" is used twice.`, path: [i, 'id'] });
      seen.add(item.id);
    }
  });
