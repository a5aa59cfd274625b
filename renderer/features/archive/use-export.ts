// Export study… from the window: main writes the archive (its save dialog, or a download in the
// browser host); progress arrives as `archive.progress` events for this study.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ArchiveProgressView } from '../../../shared/ipc/contract/archive.js';
import { useApi } from '../../data/api-context.js';
import { useCall } from '../../data/call.js';
import { triggerDownload } from '../file-manager/download.js';

export function useExportStudy(containerId: string) {
  const call = useCall();
  return useMutation({
    mutationFn: (onlyMine: boolean) => call('archive.export', { containerId, onlyMine }),
    onSuccess: (view) => {
      if (view.download) triggerDownload(view.download);
    },
  });
}

export function useCancelExport() {
  const call = useCall();
  return useMutation({ mutationFn: () => call('archive.cancel', {}) });
}

/** The latest progress of this study's export, while the dialog is open. */
export function useExportProgress(containerId: string): ArchiveProgressView | undefined {
  const api = useApi();
  const [progress, setProgress] = useState<ArchiveProgressView>();
  useEffect(
    () => api.on('archive.progress', (p) => (p.containerId === containerId ? setProgress(p) : undefined)),
    [api, containerId],
  );
  return progress;
}
