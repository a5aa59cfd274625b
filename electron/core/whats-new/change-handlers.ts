// "What's new": the shared refresh's answers to the window (Changes, New marks, Mark as seen),
// from the active session's watcher (study-watch.ts).
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';

type ChangeHandlers = Pick<
  Handlers,
  'changes.list' | 'changes.unseen' | 'changes.markSeen' | 'changes.setVisible' | 'changes.refresh'
>;

export function changeHandlers(ctx: AppContext): ChangeHandlers {
  return {
    'changes.list': async ({ containerId, limit }) => (await ctx.session()).watch.changes(containerId, limit),
    'changes.unseen': async () => (await ctx.session()).watch.unseen(),
    'changes.markSeen': async ({ containerId, itemPaths, folderPath }) =>
      (await ctx.session()).watch.markSeen(containerId, itemPaths, folderPath),
    // the app's, not a session's: a profile added later starts refreshing while the window shows
    'changes.setVisible': ({ visible }, caller) => {
      ctx.watchGate.setVisible(visible, caller?.senderId);
      return null;
    },
    'changes.refresh': async ({ containerId }) => ({ told: await (await ctx.session()).watch.refresh(containerId) }),
  };
}
