// The embedded sandbox exchange: reset to its demo organizations and studies.
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import { profileViews } from '../profiles/profile-handlers.js';

export function sandboxHandlers(ctx: AppContext): Pick<Handlers, 'sandbox.reset'> {
  return {
    'sandbox.reset': async () => {
      // The sandbox's profiles go: their sessions stop first, so no refresh under way writes their state again.
      for (const id of await ctx.sandbox.profileIds()) await ctx.forgetSession(id);
      await ctx.resetSession();
      const created = await ctx.sandbox.reset((id) => ctx.forgetProfile(id));
      const sirb = created.find((p) => p.roleHints.sirb) ?? created[0];
      if (sirb) await ctx.switchProfile(sirb.id);
      return profileViews(ctx);
    },
  };
}
