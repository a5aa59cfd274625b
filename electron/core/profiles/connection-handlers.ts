// "Check connection": the exchange's pings as the active profile, and the clock offset learnt.
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import type { CheckResult } from '../../../shared/ipc/views.js';
import { toAppError } from '../../../shared/app-error.js';

export function connectionHandlers(ctx: AppContext): Pick<Handlers, 'connection.check'> {
  return {
    'connection.check': async () => {
      const s = await ctx.session();
      const check = async (f: () => Promise<unknown>): Promise<CheckResult> => {
        try {
          await f();
          return { ok: true };
        } catch (e) {
          return { ok: false, error: toAppError(e) };
        }
      };
      const ping = await check(() => s.client.ping());
      const site = await check(() => s.client.pingSite());
      const sirb = await check(() => s.client.pingSirb());
      const skew = Math.round(s.client.clockSkewMs / 1000);
      return { ping, site, sirb, ...(skew !== 0 ? { clockSkewSeconds: -skew } : {}) };
    },
  };
}
