// The embedded sandbox exchange: reset to its demo organizations and studies.
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import { profileViews } from './profile-handlers.js';

export function sandboxHandlers(ctx: AppContext): Pick<Handlers, 'sandbox.reset'> {
  return {
    'sandbox.reset': async () => {
      await ctx.resetSession();
      const created = await ctx.sandbox.reset();
      const sirb = created.find((p) => p.roleHints.sirb) ?? created[0];
      if (sirb) await ctx.switchProfile(sirb.id);
      return profileViews(ctx);
    },
  };
}
