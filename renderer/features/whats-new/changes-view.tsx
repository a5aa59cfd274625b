// "Changes": what other organizations added or changed, latest noticed first (as main orders them),
// across all studies or one: who, what (the cleaned name main gives), where (study › folder),
// when. Selecting one reveals it in the browser; what a whole listing no longer has is "no longer
// available" and leads nowhere. A list of buttons: Tab reaches it, arrow keys, Home and End move
// within it.
import { ExpiringAction } from '../binder/expiring-action.js';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { AppError, ChangeView } from '../../../shared/ipc/views.js';
import { parentItemPath } from '../../../shared/item-path.js';
import { shownText } from '../../../shared/shown-text.js';
import { formatAgo, formatDate } from '../../lib/format.js';
import { CloseAction, Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { signOffChangeWords } from '../signoffs/request-change.js';

interface ChangesViewProps {
  readonly changes: readonly ChangeView[] | undefined;
  readonly loading: boolean;
  readonly error?: AppError;
  readonly onRetry: () => void;
  /** One study's changes (its title), or every study's (undefined). */
  readonly studyTitle?: string;
  readonly onSelect: (change: ChangeView) => void;
  readonly onClose: () => void;
  /** "Expiring documents…" (the binder's expiring view), offered beside Close. */
  readonly onExpiring?: () => void;
  /** For tests: the time "ago" is counted from. */
  readonly now?: number;
}

const KIND_WORDS: Readonly<Record<ChangeView['kind'], string>> = {
  added: 'added',
  changed: 'changed',
  gone: 'no longer available',
  'signoff-requested': 'sign-off requested',
  'signoff-answered': 'signed off',
};

/** Study › folder › folder (the study alone for an item at its root). */
export function changePlace(change: ChangeView): string {
  const folder = parentItemPath(change.itemPath);
  const folders = folder ? folder.split('/').map((s) => shownText(s)) : [];
  return [shownText(change.studyTitle), ...folders].join(' › ');
}

function moveFocus(event: KeyboardEvent<HTMLUListElement>): void {
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('button.change-entry')];
  const at = buttons.indexOf(document.activeElement as HTMLElement);
  const last = buttons.length - 1;
  const next =
    event.key === 'ArrowDown'
      ? Math.min(last, at + 1)
      : event.key === 'ArrowUp'
        ? Math.max(0, at - 1)
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : undefined;
  if (next === undefined || last < 0) return;
  event.preventDefault();
  buttons[next]?.focus();
}

function Entry({ change, now, onSelect }: { change: ChangeView; now?: number; onSelect: () => void }) {
  const name = shownText(change.name);
  const who = change.byName ? shownText(change.byName) : 'Another organization';
  const gone = change.kind === 'gone';
  // a sign-off request or answer: who and what in one line
  const signOff = signOffChangeWords(change);
  const body = (
    <>
      <span className="change-what">
        {change.unseen ? <span className="badge new">New</span> : null}
        {signOff ? (
          <span className="change-name">{signOff}</span>
        ) : (
          <>
            <span className="change-name">{name}</span>
            <span className="muted">{KIND_WORDS[change.kind]}</span>
          </>
        )}
      </span>
      <time className="change-when muted" dateTime={change.at} title={formatDate(change.at)}>
        {formatAgo(change.at, now)}
      </time>
      <span className="change-where muted">{changePlace(change)}</span>
      <span className="change-who muted">{gone || signOff ? '' : `by ${who}`}</span>
    </>
  );
  const label = signOff
    ? `${signOff}, in ${changePlace(change)}, ${formatDate(change.at)}`
    : `${change.unseen ? 'New: ' : ''}${name}, ${KIND_WORDS[change.kind]}${gone ? '' : ` by ${who}`}, in ${changePlace(change)}, ${formatDate(change.at)}`;
  return gone ? (
    <div className="change-entry gone" data-testid="change-entry" data-kind={change.kind}>
      {body}
    </div>
  ) : (
    <button
      type="button"
      className="change-entry"
      data-testid="change-entry"
      data-kind={change.kind}
      aria-label={`${label}. Show it`}
      onClick={onSelect}
    >
      {body}
    </button>
  );
}

export function ChangesView({
  changes,
  loading,
  error,
  onRetry,
  studyTitle,
  onSelect,
  onClose,
  onExpiring,
  now,
}: ChangesViewProps) {
  const title = studyTitle ? `Changes in ${shownText(studyTitle)}` : 'Changes';
  // The list arrives after the dialog opened on Close: the newest entry takes the focus once, if
  // the user has not moved it out of the dialog meanwhile.
  const list = useRef<HTMLUListElement>(null);
  const listed = !!changes?.length;
  useEffect(() => {
    const box = list.current?.closest('.dialog');
    if (listed && box?.contains(document.activeElement)) list.current?.querySelector<HTMLElement>('button')?.focus();
  }, [listed]);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      wide
      testId="changes-view"
      actions={
        <>
          {onExpiring ? <ExpiringAction onOpen={onExpiring} /> : null}
          <CloseAction onClose={onClose} />
        </>
      }
    >
      <p className="muted">
        What other organizations added or changed, latest noticed first (a document shared late shows its own date).
        Choose one to show it.
      </p>
      {error ? <ErrorDisplay context="The changes could not be loaded." error={error} onRetry={onRetry} /> : null}
      {!changes && loading ? <p className="muted">Loading…</p> : null}
      {changes?.length === 0 ? (
        <p className="empty-state" data-testid="changes-empty">
          Nothing new from other organizations since you last looked
          {studyTitle ? ` in ${shownText(studyTitle)}` : ''}.
        </p>
      ) : null}
      {changes?.length ? (
        <ul ref={list} className="changes-list" aria-label={title} data-testid="changes-list" onKeyDown={moveFocus}>
          {changes.map((c) => (
            <li key={`${c.containerId}:${c.itemPath}:${c.kind}:${c.byId ?? ''}:${c.at}`}>
              <Entry change={c} now={now} onSelect={() => onSelect(c)} />
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
