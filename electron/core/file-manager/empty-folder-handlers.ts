// Main's side of New folder's empty folders (folders.*): kept for the profile the window shows,
// which must be the active one, so a window still showing a profile switched away from (or
// handing over its storage late) never writes into another profile's folders.
import { UserFacingError } from '../../../shared/app-error.js';
import type { AppContext } from '../app-context.js';
import type { Handlers } from '../ipc-door.js';
import type { EmptyFolderStore } from './empty-folders.js';

type EmptyFolderHandlers = Pick<
  Handlers,
  'folders.listEmpty' | 'folders.addEmpty' | 'folders.removeEmpty' | 'folders.adoptEmpty'
>;

/** `store`: the app's one (the item listings forget the folders they find filled in it; it keeps each profile's in memory). */
export function emptyFolderHandlers(ctx: AppContext, store: EmptyFolderStore): EmptyFolderHandlers {
  const active = (profileId: string): string => {
    if (ctx.activeProfileId() !== profileId)
      throw new UserFacingError(
        'profile-switched',
        'Another profile is active.',
        'The window changed profiles meanwhile; nothing was changed. Try again.',
        true,
      );
    return profileId;
  };
  return {
    'folders.listEmpty': async ({ profileId, containerId }) => store.list(active(profileId), containerId),
    'folders.addEmpty': async ({ profileId, containerId, folderPath }) =>
      store.add(active(profileId), containerId, folderPath),
    'folders.removeEmpty': async ({ profileId, containerId, folderPaths }) =>
      store.remove(active(profileId), containerId, folderPaths),
    'folders.adoptEmpty': async ({ profileId, containerId, folderPaths }) =>
      store.adopt(active(profileId), containerId, folderPaths),
  };
}
