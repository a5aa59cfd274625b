// "What's new": the shared refresh's answers to the window (Changes, New marks, Mark as seen).
// Placeholder answers until the refresh lands: nothing is New, nothing changed.
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';

type ChangeHandlers = Pick<
  Handlers,
  'changes.list' | 'changes.unseen' | 'changes.markSeen' | 'changes.setVisible' | 'changes.refresh'
>;

export function changeHandlers(_ctx: AppContext): ChangeHandlers {
  return {
    'changes.list': () => [],
    'changes.unseen': () => ({ byStudy: {} }),
    'changes.markSeen': () => ({ byStudy: {} }),
    'changes.setVisible': () => null,
    'changes.refresh': () => null,
  };
}
