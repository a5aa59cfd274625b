// The app's own facts and the user's preferences. Spread into `operations` in contract.ts.
import { z } from 'zod';
import { EXPIRY_WARNING_DAYS } from '../../binder/views.js';
import { none } from '../args.js';
import { answers, op } from '../op.js';
import type { AppInfo, Settings } from './settings-views.js';

export const settingsOperations = {
  'app.info': op(none, answers<AppInfo>()),
  'settings.get': op(none, answers<Settings>()),
  'settings.update': op(
    z.strictObject({
      theme: z.enum(['light', 'dark', 'system']).optional(),
      transferConcurrency: z.number().int().min(1).max(8).optional(),
      shareUploadsWithOwner: z.boolean().optional(),
      notifications: z.boolean().optional(),
      notificationsHideNames: z.boolean().optional(),
      /** Days before an expiry that a document counts as expiring (binder, expiring view). */
      expiryWarningDays: z.union(EXPIRY_WARNING_DAYS.map((d) => z.literal(d))).optional(),
    }),
    answers<Settings>(),
  ),
} as const;
