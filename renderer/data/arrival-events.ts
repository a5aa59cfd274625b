// Main's arrival notification (the browser host's `changes.notify`) and its `reveal` request (an
// Electron notification was clicked): the page's desktop notifications subscribe here.
import { useEffect } from 'react';
import type { EventPayloads } from '../../shared/ipc/contract.js';
import { useApi } from './api-context.js';

export function useArrivalEvents(
  onNotify: (n: EventPayloads['changes.notify']) => void,
  onReveal: (target: EventPayloads['reveal']) => void,
): void {
  const api = useApi();
  useEffect(() => api.on('changes.notify', onNotify), [api, onNotify]);
  useEffect(() => api.on('reveal', onReveal), [api, onReveal]);
}
