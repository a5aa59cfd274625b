// The studies (containers) this organization can see, newest first, with their owner; "New study"
// for sIRB profiles; an empty state that says what a study is and what to do next. Each study says
// how many of its items are New; its context menu (right click, Shift+F10, the menu key) offers
// its Changes and "Mark as seen".
import { useState, type ReactNode } from 'react';
import type { AppError, ContainerView, UnseenView } from '../../../shared/ipc/views.js';
import { fallbackStudyTitle } from '../../../shared/study-title.js';
import { formatDay } from '../../lib/format.js';
import { ContextMenu } from '../../components/common/context-menu.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { StudyTitleText } from '../../components/common/study-title-text.js';
import { WidthResizer } from '../../components/common/width-resizer.js';
import { SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from './use-sidebar-width.js';

export interface StudiesSidebarProps {
  readonly containers: readonly ContainerView[] | undefined;
  readonly loading: boolean;
  readonly error?: AppError;
  readonly selectedId?: string;
  readonly canCreate: boolean;
  readonly creating: boolean;
  readonly onSelect: (id: string) => void;
  readonly onCreate: () => void;
  readonly onRetry: () => void;
  readonly onCollaborators?: (id: string) => void;
  /** What is New per study (counts on the rows). */
  readonly unseen?: UnseenView;
  /** A mark beside a study's title (the binder's: expired or overdue items). */
  readonly studyMark?: (containerId: string) => ReactNode;
  readonly onMarkSeen?: (id: string) => void;
  readonly markSeenError?: AppError;
  readonly onChanges?: (id: string) => void;
  /** The column's width and its handle (use-sidebar-width.ts), when it can be resized. */
  readonly width?: { readonly px: number; readonly onResize: (delta: number) => void };
}

/** The study's title (its record's, or main's "Study <8 hex>" while none can be read). */
export function studyLabel(c: ContainerView): string {
  return c.title || fallbackStudyTitle(c.id);
}

export function StudiesSidebar(props: StudiesSidebarProps) {
  const { containers, loading, error, selectedId, canCreate, creating, onSelect, onCreate, onRetry } = props;
  const { unseen, onMarkSeen, onChanges } = props;
  const [menu, setMenu] = useState<{ id: string; x: number; y: number } | undefined>();
  const newCount = (id: string): number => unseen?.byStudy[id]?.length ?? 0;
  return (
    <div className="sidebar-pane">
      <nav className="sidebar" aria-label="Studies" data-testid="studies-sidebar">
        <div className="sidebar-head">
          <h2>Studies</h2>
          {canCreate ? (
            <button type="button" className="primary" data-testid="new-study" onClick={onCreate} disabled={creating}>
              {creating ? 'Creating…' : 'New study…'}
            </button>
          ) : null}
        </div>
        {/* a failed background refresh keeps the list it had: say so, not that nothing could be loaded */}
        {error ? (
          <ErrorDisplay
            context={
              containers
                ? 'The list of studies could not be refreshed; it shows what was loaded before.'
                : 'The list of studies could not be loaded.'
            }
            error={error}
            onRetry={onRetry}
          />
        ) : null}
        {props.markSeenError ? (
          <ErrorDisplay context="The study could not be marked as seen." error={props.markSeenError} />
        ) : null}
        {loading ? <p className="muted">Loading studies…</p> : null}
        {!loading && !error && containers?.length === 0 ? (
          <div className="empty-state" data-testid="studies-empty">
            <p>
              <strong>No studies yet.</strong>
            </p>
            <p>
              A study is a shared, encrypted space on the exchange where the sIRB and the participating sites keep a
              study&apos;s documents and records. Only organizations invited to the study see it, and each document
              opens only for the organizations it is shared with.
            </p>
            <p>
              {canCreate
                ? 'Choose "New study" to create one, then invite the participating sites and upload documents.'
                : 'When an sIRB invites your organization to a study, it appears here.'}
            </p>
          </div>
        ) : null}
        <ul className="study-list" role="listbox" aria-label="Studies" data-testid="study-list">
          {containers?.map((c) => (
            <li
              key={c.id}
              role="option"
              aria-selected={c.id === selectedId}
              tabIndex={c.id === selectedId || (!selectedId && c === containers[0]) ? 0 : -1}
              className={`study ${c.id === selectedId ? 'selected' : ''}`}
              data-testid="study-row"
              data-container-id={c.id}
              onClick={() => onSelect(c.id)}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ id: c.id, x: e.clientX, y: e.clientY });
              }}
              onKeyDown={(e) => {
                if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
                  e.preventDefault();
                  const box = e.currentTarget.getBoundingClientRect();
                  setMenu({ id: c.id, x: box.left + 20, y: box.bottom });
                } else if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(c.id);
                } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                  e.preventDefault();
                  const sibling = (
                    e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling
                  ) as HTMLElement | null;
                  sibling?.focus();
                }
              }}
            >
              <span className="study-head">
                {/* up to two lines; the whole title in its tooltip and (with the number the line below shows) its text */}
                <span className="study-name" title={studyLabel(c)} data-testid="study-title">
                  <StudyTitleText title={studyLabel(c)} protocolNumber={c.study?.protocolNumber} />
                </span>
              </span>
              {/* the New count and the binder's mark lead the second line, so the title keeps the column's whole width */}
              <span className="study-meta">
                {props.studyMark?.(c.id)}{' '}
                {newCount(c.id) ? (
                  <>
                    <span className="badge new" data-testid="study-new-count">
                      {newCount(c.id)} new
                    </span>{' '}
                  </>
                ) : null}
                {[c.study?.protocolNumber, c.ownedByMe ? 'Yours' : c.ownerName, formatDay(c.createdAt)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
        {menu ? (
          <ContextMenu
            x={menu.x}
            y={menu.y}
            label="Study"
            entries={[
              { id: 'changes', label: 'Changes…', disabled: !onChanges, onSelect: () => onChanges?.(menu.id) },
              {
                id: 'mark-seen',
                label: 'Mark as seen',
                disabled: !onMarkSeen || newCount(menu.id) === 0,
                onSelect: () => onMarkSeen?.(menu.id),
              },
            ]}
            onClose={() => setMenu(undefined)}
          />
        ) : null}
      </nav>
      {props.width ? (
        <WidthResizer
          label="Width of the studies column"
          width={props.width.px}
          min={SIDEBAR_MIN_WIDTH}
          max={SIDEBAR_MAX_WIDTH}
          edge="right"
          className="pane-resizer"
          testId="sidebar-resizer"
          onResize={props.width.onResize}
        />
      ) : null}
    </div>
  );
}
