// The transfers panel's tabs, and progress events merged into the list between full updates.
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import {
  FINISHED_TRANSFER_STATES,
  type FinishedTransferState,
  type TransferState,
  type TransferView,
} from '../../../shared/ipc/views.js';

export type TransferTab = 'active' | 'failed' | 'completed';

function tabOf(state: TransferState): TransferTab {
  switch (state) {
    case 'queued':
    case 'running':
    case 'paused':
      return 'active';
    case 'failed':
    case 'cancelled':
      return 'failed';
    case 'verified':
      return 'completed';
  }
}

/** The states one finished tab shows: what "Clear" on that tab removes, in one call. */
export function statesOf(tab: 'failed' | 'completed'): FinishedTransferState[] {
  return FINISHED_TRANSFER_STATES.filter((state) => tabOf(state) === tab);
}

export function groupTransfers(list: readonly TransferView[]): Record<TransferTab, TransferView[]> {
  const groups: Record<TransferTab, TransferView[]> = { active: [], failed: [], completed: [] };
  for (const t of list) groups[tabOf(t.state)].push(t);
  // Newest first within a tab; transfers without a start time (queued) go last in arrival order.
  for (const tab of Object.keys(groups) as TransferTab[]) {
    groups[tab].sort((a, b) => (b.startedAt ?? '').localeCompare(a.startedAt ?? ''));
  }
  return groups;
}

export function applyProgress(
  list: readonly TransferView[] | undefined,
  p: EventPayloads['transfer.progress'],
): TransferView[] | undefined {
  if (!list) return list;
  let changed = false;
  const next = list.map((t) => {
    if (t.id !== p.id) return t;
    changed = true;
    return { ...t, bytes: p.bytes, total: p.total, rate: p.rate, state: p.state };
  });
  return changed ? next : [...list];
}

export function stateText(t: TransferView): string {
  switch (t.state) {
    case 'queued':
      return 'Waiting';
    case 'running':
      if (t.waiting) return 'Waiting for the exchange';
      return t.direction === 'upload' ? 'Uploading' : 'Downloading';
    case 'paused':
      return 'Paused';
    case 'verified':
      return 'verified';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}
