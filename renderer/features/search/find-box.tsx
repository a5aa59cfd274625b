// "Find in all studies": a search box in the chrome (an ARIA combobox) over every study of the
// active profile; each result names its study and folder; Enter opens the study at the item.
import { shownText } from '../../../shared/shown-text.js';
import { useId, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import type { SearchHit } from '../../../shared/search-rank.js';
import { useFindInStudies } from './search.js';
import { useMediaQuery } from '../../lib/use-media-query.js';

/** Below this width the box folds into an icon button, so the chrome fits 1024 px with any organization's name. */
export const FIND_FOLDS_BELOW = '(max-width: 1199px)';

export function FindBox({
  profileId,
  onOpen,
}: {
  readonly profileId: string;
  readonly onOpen: (hit: SearchHit) => void;
}) {
  const id = useId();
  const folds = useMediaQuery(FIND_FOLDS_BELOW);
  const [unfolded, setUnfolded] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = text.trim();
  const found = useFindInStudies(profileId, query);
  const hits = query.length >= 2 ? (found.data?.hits ?? []) : [];
  const indexing = query.length >= 2 ? found.data?.indexing : undefined;
  const shown = open && query.length >= 2;
  const choose = (hit: SearchHit | undefined): void => {
    if (!hit) return;
    setOpen(false);
    setText('');
    setUnfolded(false);
    onOpen(hit);
  };
  const fold = (): void => {
    setUnfolded(false);
    opener.current?.focus();
  };
  const box = (
    <div
      className={`find-box ${folds ? 'unfolded' : ''}`}
      role="search"
      aria-label="Find in all studies"
      data-fold-reserve={folds ? undefined : '170'}
    >
      <Search size={16} aria-hidden="true" className="find-icon" />
      <input
        type="search"
        role="combobox"
        aria-label="Find in all studies"
        aria-expanded={shown}
        aria-controls={`${id}-results`}
        aria-autocomplete="list"
        aria-activedescendant={shown && hits[active] ? `${id}-hit-${active}` : undefined}
        placeholder="Find in all studies"
        value={text}
        data-testid="find-input"
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        // unfolded from its icon: it takes the focus, and folds back when left empty
        autoFocus={folds}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          if (folds && !text) setUnfolded(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            if (hits.length) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            choose(hits[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
            if (folds && !text) fold();
          }
        }}
      />
      {shown ? (
        <div className="find-popup">
          <ul
            id={`${id}-results`}
            role="listbox"
            aria-label="Found in your studies"
            className="find-results"
            data-testid="find-results"
          >
            {(found.isFetching || indexing) && hits.length === 0 ? (
              <li role="option" aria-selected={false} aria-disabled="true" className="muted find-note">
                Searching…
              </li>
            ) : hits.length === 0 ? (
              <li
                role="option"
                aria-selected={false}
                aria-disabled="true"
                className="muted find-note"
                data-testid="find-none"
              >
                Nothing found for “{query}”.
              </li>
            ) : (
              hits.map((hit, i) => (
                <li
                  key={`${hit.containerId}:${hit.itemPath}`}
                  id={`${id}-hit-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={`find-hit ${i === active ? 'active' : ''}`}
                  data-testid="find-hit"
                  // mousedown, not click: the input's blur would close the list first
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(hit);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  <span className="find-name">{shownText(hit.name)}</span>
                  {/* what a title match matched, when the file name does not say it */}
                  {hit.title ? <span className="find-title">{shownText(hit.title)}</span> : null}
                  <span className="find-where">
                    {hit.kind === 'study'
                      ? 'Study'
                      : [hit.studyTitle, ...(hit.folder ? hit.folder.split('/') : [])]
                          .map((part) => shownText(part, 60))
                          .join(' › ')}
                  </span>
                </li>
              ))
            )}
          </ul>
          <p role="status" aria-live="polite" className="muted find-note find-progress" data-testid="find-progress">
            {indexing ? searchingText(indexing) : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
  if (!folds) return box;
  // Folded: the icon stays in the bar (nothing moves); the box opens under it.
  return (
    <div className="find-fold">
      <button
        ref={opener}
        type="button"
        className="find-open"
        aria-label="Find in all studies"
        aria-expanded={unfolded}
        title="Find in all studies"
        data-testid="find-open"
        // the open box's input keeps the focus, so this click folds it rather than the blur first
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => (unfolded ? fold() : setUnfolded(true))}
      >
        <Search size={16} aria-hidden="true" />
      </button>
      {unfolded ? box : null}
    </div>
  );
}

/** How far main has read, so a first search of a 100,000-item study does not look stuck. */
function searchingText({ opened, total }: { readonly opened: number; readonly total: number }): string {
  return total === 0
    ? 'Searching… listing your studies'
    : `Searching… ${opened.toLocaleString()} of ${total.toLocaleString()} items read`;
}
