// Answers to this organization's sign-off requests, as news for the document's owner: the shared
// refresh hands over other organizations' new records (whats-new/study-watch.ts `recordNews`);
// a sign-off among them is an answer when it is valid (docs/protocol.md §10: signature,
// certificate, organization, document, study), of the document's current version, by an
// organization one of this organization's requests of that document asks, with the meaning asked.
// Anything else (a sign-off nobody asked for, one that does not verify, an earlier version's, another
// meaning) is no answer and tells nothing. Each answer is one Changes entry ("Lakeside University
// acknowledged Consent form v3"; choosing it shows the document) and, through the notification
// settings, part of one notification per study. Once: the refresh hands over a record only while
// it is new to the seen state, which outlives a restart, or again while its check could not reach
// the exchange (whats-new/record-news.ts; nothing is told then); a study's first listing (the
// profile's first run) is the starting state: what was answered before it is no news.
import type { Settings } from '../../../shared/ipc/views.js';
import { cleanFileName } from '../../../shared/file-name.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { cutText, shownText } from '../../../shared/shown-text.js';
import { answeredWords } from '../../../shared/signoffs/answer-words.js';
import type { SignOffMeaning } from '../../../shared/signoffs/meanings.js';
import { isTransient } from '../../services/exchange-errors.js';
import { ownerIdOf } from '../../services/receipts/receipt-record.js';
import { itemHash, parseSignOffPath } from '../../services/signoffs/signoff-paths.js';
import { verifiedDocument } from '../../services/signoffs/signoff-writer.js';
import type { StudySession } from '../studies/study-session.js';
import type { ChangeEntry } from '../whats-new/change-log.js';
import type { RecordHook } from '../whats-new/record-news.js';
import { MAX_NOTIFIED_BODY, MAX_NOTIFIED_NAME, type DesktopNotification } from '../whats-new/wording.js';
import { readerOf, type SignOffsState } from './signoff-handlers.js';

export interface AnswerNewsOptions {
  readonly state: SignOffsState;
  /** Read at each notification: on or off, names hidden or not. */
  readonly settings: () => Promise<Pick<Settings, 'notifications' | 'notificationsHideNames'>>;
  readonly sink: (notification: DesktopNotification) => void;
}

/** One organization's answer to a request of one of this organization's documents (names cleaned). */
export interface Answer {
  readonly containerId: string;
  /** The document's path (slash form). */
  readonly itemPath: string;
  readonly documentName: string;
  readonly organization: { readonly id: string; readonly name: string };
  readonly meaning: SignOffMeaning;
  /** When the exchange stored the sign-off. */
  readonly at: string;
}

const LISTED = 3;

const notifiedWords = (a: Answer) =>
  answeredWords(
    shownText(a.organization.name, MAX_NOTIFIED_NAME, 'another organization'),
    a.meaning,
    cutText(a.documentName, MAX_NOTIFIED_NAME),
  );

/** One study's new answers as one notification; undefined for none. */
export function answerNotification(
  studyTitle: string,
  answers: readonly Answer[],
  hideNames: boolean,
): DesktopNotification | undefined {
  const first = answers[0];
  if (!first) return undefined;
  const n = answers.length;
  const target = { containerId: first.containerId, itemPaths: [...new Set(answers.map((a) => a.itemPath))] };
  const counted = n === 1 ? 'Sign-off received' : `${n} sign-offs received`;
  if (hideNames) return { title: counted, body: '', ...target };
  const study = shownText(studyTitle, MAX_NOTIFIED_NAME, 'Untitled study');
  const listed = answers.slice(0, LISTED).map(notifiedWords).join(', ');
  return {
    title: cutText(`${counted} in ${study}`, MAX_NOTIFIED_BODY),
    body: cutText(n > LISTED ? `${listed} and ${n - LISTED} more` : listed, MAX_NOTIFIED_BODY),
    ...target,
  };
}

/**
 * The answers among these new records of one study (see the file's comment). Throws when the
 * exchange could not be asked (the refresh tries them again).
 */
export async function answersIn(
  state: SignOffsState,
  s: StudySession,
  containerId: string,
  recordIds: readonly string[],
): Promise<Answer[]> {
  const self = s.client.organizationId;
  const fresh = new Set(recordIds.filter((id) => parseSignOffPath(id)).map(toSlashForm));
  if (fresh.size === 0) return [];
  const hashes = new Set([...fresh].map((id) => parseSignOffPath(id)!.hash));
  const reader = readerOf(state, s);
  const ours = (await reader.requests(containerId)).filter(
    (r) => r.requesterId === self && hashes.has(itemHash(toSlashForm(r.content.itemId))),
  );
  const out: Answer[] = [];
  const told = new Set<string>();
  for (const itemId of new Set(ours.map((r) => toSlashForm(r.content.itemId)))) {
    // this organization's own document as it is now (a request of a document not its own asks nothing)
    const document = await verifiedDocument(s, containerId, itemId).catch((e: unknown) => {
      if (isTransient(e)) throw e;
      return undefined;
    });
    if (!document || ownerIdOf(document.item) !== self) continue;
    const asks = ours.filter((r) => toSlashForm(r.content.itemId) === itemId);
    for (const { item, checked } of await reader.checkedForItem(containerId, document.item)) {
      if (!fresh.has(toSlashForm(item.id)) || !checked.valid) continue;
      const { meaning, contentHash } = checked.content.statement;
      const by = checked.organizationId;
      if (contentHash !== document.item.contentHash) continue;
      if (!asks.some((r) => r.content.meaning === meaning && r.content.organizations.includes(by))) continue;
      // signed twice in one refresh: one answer
      const key = `${itemId}\u0000${by}\u0000${meaning}`;
      if (told.has(key)) continue;
      told.add(key);
      const name = await s.organizationName(by).catch(() => by);
      out.push({
        containerId,
        itemPath: itemId,
        documentName: cleanFileName(document.name, 'document'),
        organization: { id: by, name: shownText(name, undefined, by) },
        meaning,
        at: item.updatedAt,
      });
    }
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

export class AnswerNews {
  constructor(private readonly options: AnswerNewsOptions) {}

  /** The refresh's hook for one profile's session: entries always, a notification while `active`. */
  hook(active: () => boolean): RecordHook {
    return {
      wants: (id) => parseSignOffPath(id) !== undefined,
      tell: async (s, news) => {
        if (news.firstListing) return [];
        const answers = await answersIn(this.options.state, s, news.containerId, news.recordIds);
        if (answers.length > 0 && active()) await this.notify(news.studyTitle, answers);
        return answers.map((a): ChangeEntry => ({
          containerId: a.containerId,
          studyTitle: news.studyTitle,
          itemPath: a.itemPath,
          name: a.documentName,
          kind: 'signoff-answered',
          meaning: a.meaning,
          byId: a.organization.id,
          byName: a.organization.name,
          at: a.at,
          noticedAt: news.noticedAt,
        }));
      },
    };
  }

  private async notify(studyTitle: string, answers: readonly Answer[]): Promise<void> {
    // settings that cannot be read notify nothing
    const settings = await this.options.settings().catch(() => undefined);
    if (!settings?.notifications) return;
    const n = answerNotification(studyTitle, answers, settings.notificationsHideNames);
    if (n) this.options.sink(n);
  }
}
