// The welcome's words for what arrived: "1 new document from Riverside Medical Center", grouped by who sent it.
import type { ChangeView } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';

export interface Arrival {
  readonly text: string;
  readonly containerId: string;
  readonly itemPaths: readonly string[];
}

/** New (unseen, not gone) entries of the Changes log, one line per sender, the first study they are in. */
export function arrivals(changes: readonly ChangeView[]): Arrival[] {
  const bySender = new Map<string, ChangeView[]>();
  for (const c of changes) {
    if (!c.unseen || c.kind === 'gone') continue;
    const who = c.byName ? shownText(c.byName, 60) : 'another organization';
    bySender.set(who, [...(bySender.get(who) ?? []), c]);
  }
  return [...bySender].map(([who, list]) => {
    const containerId = list[0]!.containerId;
    const here = list.filter((c) => c.containerId === containerId);
    return {
      text: `${list.length} new document${list.length === 1 ? '' : 's'} from ${who}`,
      containerId,
      itemPaths: here.map((c) => c.itemPath),
    };
  });
}
