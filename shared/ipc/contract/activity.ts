// The activity log and its CSV export. Spread into `operations` in contract.ts.
import { z } from 'zod';
import { none } from '../args.js';
import { answers, op } from '../op.js';
import type { ActivityEntry } from './activity-views.js';

export const activityOperations = {
  'activity.list': op(
    z.strictObject({ action: z.string().max(40).optional(), text: z.string().max(200).optional() }),
    answers<ActivityEntry[]>(),
  ),
  'activity.exportCsv': op(none, answers<{ csv: string }>()),
} as const;
