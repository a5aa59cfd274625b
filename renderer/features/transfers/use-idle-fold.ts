// The transfers panel folds to its one-line head while nothing is moving, so the list keeps the
// window's height; it opens by itself when a transfer starts or fails. Opened for a start, it folds
// again once the last transfer finishes; opened by the user or for a failure, it stays open. A new
// failure always brings its Failed tab forward, with its cause and Retry.
import { useEffect, useRef, useState } from 'react';
import type { TransferView } from '../../../shared/ipc/views.js';
import type { TransferTab } from './transfer-groups.js';

interface Seen {
  readonly active: ReadonlySet<string>;
  readonly failed: ReadonlySet<string>;
}

export interface IdleFold {
  readonly folded: boolean;
  /** The user's Show/Hide, or a tab chosen: what the user opens stays open. */
  readonly setFolded: (folded: boolean) => void;
}

/** `ready` is false while the list is still loading: the first list loaded is what was there before, not news. */
export function useIdleFold(
  groups: Record<TransferTab, readonly TransferView[]>,
  ready: boolean,
  showTab: (tab: TransferTab) => void,
): IdleFold {
  const [folded, setFoldedState] = useState(() => groups.active.length === 0);
  const seen = useRef<Seen | undefined>(undefined);
  const openedForStart = useRef(false);
  const active = groups.active.map((t) => t.id);
  // Cancelled transfers share the Failed tab, but a cancel is the user's own doing, not news.
  const failed = groups.failed.filter((t) => t.state === 'failed').map((t) => t.id);
  const key = `${active.join(',')}|${failed.join(',')}`;

  useEffect(() => {
    if (!ready) return;
    const now: Seen = { active: new Set(active), failed: new Set(failed) };
    const before = seen.current;
    seen.current = now;
    const open = (tab: TransferTab, forStart: boolean) => {
      // a failure shows its tab even in an open panel; a start does not pull the user off a tab
      if (tab === 'failed') showTab(tab);
      if (!folded) return;
      showTab(tab);
      setFoldedState(false);
      openedForStart.current = forStart;
    };
    if (!before) {
      if (now.active.size > 0) open('active', false);
      return;
    }
    if (failed.some((id) => !before.failed.has(id))) {
      open('failed', false);
      openedForStart.current = false;
    } else if (active.some((id) => !before.active.has(id))) open('active', true);
    else if (now.active.size === 0 && before.active.size > 0 && openedForStart.current) {
      openedForStart.current = false;
      setFoldedState(true);
    }
    // The ids in `key` are what the effect reads; `folded` is read as it stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready]);

  const setFolded = (next: boolean) => {
    openedForStart.current = false;
    setFoldedState(next);
  };
  return { folded, setFolded };
}
