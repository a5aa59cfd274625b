// The studies (containers) this organization can see, newest first, with their owner; "New study"
// for sIRB profiles; an empty state that says what a study is and what to do next.
import type { AppError, ContainerView } from '../../../shared/ipc/views.js';
import { fallbackStudyTitle } from '../../../shared/study-title.js';
import { formatDay } from '../../lib/format.js';
import { ErrorDisplay } from '../common/error-display.js';

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
}

/** The study's title (its record's, or main's "Study <8 hex>" while none can be read). */
export function studyLabel(c: ContainerView): string {
  return c.title || fallbackStudyTitle(c.id);
}

export function StudiesSidebar(props: StudiesSidebarProps) {
  const { containers, loading, error, selectedId, canCreate, creating, onSelect, onCreate, onRetry } = props;
  return (
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
      {loading ? <p className="muted">Loading studies…</p> : null}
      {!loading && !error && containers?.length === 0 ? (
        <div className="empty-state" data-testid="studies-empty">
          <p>
            <strong>No studies yet.</strong>
          </p>
          <p>
            A study is a shared, encrypted space on the exchange where the sIRB and the participating sites keep a
            study&apos;s documents and records. Only organizations invited to the study see it, and each document opens
            only for the organizations it is shared with.
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
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
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
            <span className="study-name" title={studyLabel(c)} data-testid="study-title">
              {studyLabel(c)}
            </span>
            <span className="study-meta">
              {[c.study?.protocolNumber, c.ownedByMe ? 'Yours' : c.ownerName, formatDay(c.createdAt)]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
