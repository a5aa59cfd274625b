// The binder's IPC handlers (shared/ipc/contract/binder.ts; decisions §8–§9).
import { UserFacingError } from '../../../shared/app-error.js';
import { CHECKLIST_TEMPLATES } from '../../../shared/binder/templates.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';

type BinderHandlers = Pick<
  Handlers,
  | 'binder.describe'
  | 'binder.checklist'
  | 'binder.setChecklist'
  | 'binder.templates'
  | 'binder.status'
  | 'binder.statusCsv'
  | 'binder.expiring'
  | 'binder.studyMarks'
>;

const notYet = (): never => {
  throw new UserFacingError('not-yet', 'The binder is not ready yet.', 'This part of the binder is still being built.');
};

export function binderHandlers(_ctx: AppContext): BinderHandlers {
  return {
    'binder.describe': notYet,
    'binder.checklist': notYet,
    'binder.setChecklist': notYet,
    'binder.templates': () => [...CHECKLIST_TEMPLATES],
    'binder.status': notYet,
    'binder.statusCsv': notYet,
    'binder.expiring': notYet,
    'binder.studyMarks': notYet,
  };
}
