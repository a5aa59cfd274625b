// The app itself: what it is and where it runs, and its settings.
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';

export function appHandlers(ctx: AppContext): Pick<Handlers, 'app.info' | 'settings.get' | 'settings.update'> {
  return {
    'app.info': async () => ({
      version: ctx.options.version,
      platform: process.platform,
      host: ctx.options.platform.kind,
      nativeFiles: ctx.options.platform.kind === 'electron',
      sandbox: ctx.sandbox.exists(),
    }),
    'settings.get': async () => ctx.settings.get(),
    'settings.update': async ({ shareUploadsWithOwner, ...rest }) => {
      const current = await ctx.settings.get();
      const id = ctx.activeProfileId();
      const share =
        shareUploadsWithOwner === undefined || !id
          ? current.shareUploadsWithOwner
          : { ...current.shareUploadsWithOwner, [id]: shareUploadsWithOwner };
      const next = await ctx.settings.update({ ...rest, shareUploadsWithOwner: share });
      ctx.watchGate.setNotifying(next.notifications);
      // turned on: what is New now is told at once
      if (rest.notifications && !current.notifications)
        void ctx
          .session()
          .then((s) => ctx.notifier.announceUnseen(s.watch))
          .catch(() => undefined);
      if (rest.transferConcurrency) ctx.transfers.setConcurrency(rest.transferConcurrency);
      return next;
    },
  };
}
