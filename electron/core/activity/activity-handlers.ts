// The activity log: filtered entries and the CSV export.
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';

export function activityHandlers(ctx: AppContext): Pick<Handlers, 'activity.list' | 'activity.exportCsv'> {
  return {
    'activity.list': async (filter) => ctx.activity.list(filter),
    'activity.exportCsv': async () => ({ csv: await ctx.activity.exportCsv() }),
  };
}
