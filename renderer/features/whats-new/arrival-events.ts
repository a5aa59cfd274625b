// Main's arrival notification for the browser host's page (`changes.notify`): the page's desktop
// notifications subscribe here. (Main's `reveal`, an Electron notification clicked, is met in reveal.ts.)
import { useEffect } from 'react';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { useApi } from '../../data/api-context.js';

export function useArrivalEvents(onNotify: (n: EventPayloads['changes.notify']) => void): void {
  const api = useApi();
  useEffect(() => api.on('changes.notify', onNotify), [api, onNotify]);
}
