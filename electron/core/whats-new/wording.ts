// The words of a desktop notification about arrivals: batched per study ("3 new documents in
// Protocol 2025-031"), across studies ("5 new documents in 2 studies"), one document by its name
// and sender, a joined study as one line; with names hidden only the count. Every name is another
// organization's text: cleaned and cut here, whatever the refresh did before.
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { cleanFileName } from '../../../shared/file-name.js';
import { cutText, shownText } from '../../../shared/shown-text.js';

export type DesktopNotification = EventPayloads['changes.notify'];

/** One study's arrivals gathered over the batching window. */
export interface StudyArrivals {
  readonly containerId: string;
  readonly studyTitle: string;
  readonly joined: boolean;
  /** Distinct documents, in the order first seen. */
  readonly items: readonly { readonly itemPath: string; readonly name: string; readonly byName: string }[];
}

/** Longest name, title or sender shown; the body as a whole is bounded too (notification areas are small). */
export const MAX_NOTIFIED_NAME = 60;
export const MAX_NOTIFIED_BODY = 240;
/** How many names a body lists before "and N more". */
const LISTED = 3;

const study = (s: StudyArrivals) => shownText(s.studyTitle, MAX_NOTIFIED_NAME, 'Untitled study');
const documentName = (name: string) => cutText(cleanFileName(name, 'document'), MAX_NOTIFIED_NAME);
const sender = (name: string) => shownText(name, MAX_NOTIFIED_NAME, 'another organization');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function listed(parts: readonly string[]): string {
  const shown = parts.slice(0, LISTED).join(', ');
  return parts.length > LISTED ? `${shown} and ${parts.length - LISTED} more` : shown;
}

const distinct = (values: readonly string[]) => [...new Set(values)];

function joinedLine(joined: readonly StudyArrivals[], hideNames: boolean): DesktopNotification {
  const first = joined[0]!;
  const reveal = { containerId: first.containerId, itemPaths: [] };
  if (joined.length === 1)
    return hideNames
      ? { title: 'A study was shared with you', body: '', ...reveal }
      : { title: `${study(first)} was shared with you`, body: '', ...reveal };
  const title = `${joined.length} studies were shared with you`;
  return { title, body: hideNames ? '' : listed(joined.map(study)), ...reveal };
}

function documentsLine(studies: readonly StudyArrivals[], hideNames: boolean): DesktopNotification {
  const count = studies.reduce((n, s) => n + s.items.length, 0);
  // A click reveals the study with the most arrivals (the payload names one study).
  const main = studies.reduce((a, b) => (b.items.length > a.items.length ? b : a));
  const reveal = { containerId: main.containerId, itemPaths: main.items.map((i) => i.itemPath) };
  const counted = plural(count, 'new document', 'new documents');
  if (hideNames) return { title: counted, body: '', ...reveal };
  if (studies.length > 1)
    return {
      title: `${counted} in ${studies.length} studies`,
      // most first (a stable sort: ties in the order they arrived)
      body: listed(
        [...studies].sort((a, b) => b.items.length - a.items.length).map((s) => `${study(s)} (${s.items.length})`),
      ),
      ...reveal,
    };
  const senders = listed(distinct(main.items.map((i) => sender(i.byName))));
  if (count === 1) {
    const [only] = main.items;
    return { title: `New document in ${study(main)}`, body: `${documentName(only!.name)} from ${senders}`, ...reveal };
  }
  return {
    title: `${counted} in ${study(main)}`,
    body: `From ${senders}: ${listed(main.items.map((i) => documentName(i.name)))}`,
    ...reveal,
  };
}

/** The notifications for one window's arrivals: a joined line, then the documents (either may be absent). */
export function notificationsFor(studies: readonly StudyArrivals[], hideNames: boolean): DesktopNotification[] {
  const joined = studies.filter((s) => s.joined);
  const documents = studies.filter((s) => !s.joined && s.items.length > 0);
  const out: DesktopNotification[] = [];
  if (joined.length > 0) out.push(joinedLine(joined, hideNames));
  if (documents.length > 0) out.push(documentsLine(documents, hideNames));
  return out.map((n) => ({
    ...n,
    title: cutText(n.title, MAX_NOTIFIED_BODY),
    body: cutText(n.body, MAX_NOTIFIED_BODY),
  }));
}
