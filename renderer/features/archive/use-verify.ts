// Verify an archive… from the window: the chosen .zip or unpacked folder reaches main by reference
// (its own dialog in Electron, the page's .zip staged in the browser host), never by a path the
// page names.
import { useMutation } from '@tanstack/react-query';
import type { FileRef } from '../../../shared/ipc/views.js';
import { unwrap } from '../../bridge/api.js';
import { useCall } from '../../data/call.js';
import type { KeyFileSource } from '../profiles/profile-import.js';
import { useStageFile } from '../transfers/transfers.js';

/** A chosen file: main's reference, or the page's File still to stage (same shape as a key file's). */
export type ArchiveFileSource = KeyFileSource;

export function useVerifyArchive() {
  const call = useCall();
  const stageFile = useStageFile();
  return useMutation({
    mutationFn: async (source: ArchiveFileSource) => {
      const file =
        source.kind === 'chosen' ? source.ref.ref : unwrap(await stageFile(source.file, source.file.name)).ref;
      return call('archive.verify', { file });
    },
  });
}

/** What main's dialog picks: a `.zip`, or the folder one was unpacked into. */
export type ArchivePick = 'archive' | 'archive-folder';

/** Main's own file or folder dialog (Electron); undefined when the user cancels. */
export function usePickArchive() {
  const call = useCall();
  return async (purpose: ArchivePick): Promise<FileRef | undefined> => (await call('files.pick', { purpose }))[0];
}
