// A sign-off request in the Changes list: "Sign-off requested: Consent form by 5 Dec 2026, from
// Central IRB". Main gives cleaned names; they are cleaned again for display like every entry's.
import type { ChangeView } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
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
