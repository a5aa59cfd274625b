// Delivery receipts: who received which version of a document the profile owns, the study's
// distribution report, and whether this profile sends receipts. Spread into `operations` in contract.ts.
import { z } from 'zod';
import type { DistributionReport, ItemDelivery } from '../../delivery.js';
import { container, item } from '../args.js';
import { answers, op } from '../op.js';

export const receiptsOperations = {
  /** Delivery of a document the active profile owns: who with access received which version (receipts). */
  'receipts.forItem': op(item, answers<ItemDelivery>()),
  /** Every document the profile owns in the study × every organization with access. */
  'receipts.report': op(container, answers<DistributionReport>()),
  /** Whether the active profile sends receipts (and how many wait to be sent); turning it off drops those. */
  'receipts.setSending': op(
    z.strictObject({ sending: z.boolean().optional() }),
    answers<{ sending: boolean; pending: number }>(),
  ),
} as const;
