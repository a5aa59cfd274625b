// Sign-off requests in the Changes list: one asked of this organization ("Sign-off requested:
// Consent form by 5 Dec 2026, from Central IRB") and an answer to one of its own ("Lakeside
// University acknowledged Consent form v3"). Main gives cleaned names; they are cleaned again for
// display like every entry's.
import type { ChangeView } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { answeredWords } from '../../../shared/signoffs/answer-words.js';
import { formatDay } from '../../lib/format.js';

export function isRequestChange(change: ChangeView): boolean {
  return change.kind === 'signoff-requested';
}

/** The entry's words (the due day read as the calendar day it names, no zone shift). */
export function requestChangeWords(change: ChangeView): string {
  const due = change.dueOn ? ` by ${formatDay(`${change.dueOn}T12:00:00`)}` : '';
  const from = change.byName ? shownText(change.byName) : 'another organization';
  return `Sign-off requested: ${shownText(change.name)}${due}, from ${from}`;
}

/** An answer's words: who signed off what, as what. */
export function answerChangeWords(change: ChangeView): string {
  return answeredWords(
    change.byName ? shownText(change.byName) : 'An organization',
    change.meaning,
    shownText(change.name),
  );
}

/** The words of a sign-off entry (who and what in one line), or undefined for a document's entry. */
export function signOffChangeWords(change: ChangeView): string | undefined {
  if (isRequestChange(change)) return requestChangeWords(change);
  if (change.kind === 'signoff-answered') return answerChangeWords(change);
  return undefined;
}
