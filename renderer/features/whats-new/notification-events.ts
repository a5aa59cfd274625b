// The window's toasts hear main here (`notification`, a whats-new event of the contract).
import { useCallback } from 'react';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { useApi } from '../../data/api-context.js';

/** Subscribes to main's notifications (a batch of transfers ended, ...). */
export function useNotifications(): (listener: (n: EventPayloads['notification']) => void) => () => void {
  const api = useApi();
  return useCallback((listener) => api.on('notification', listener), [api]);
}
