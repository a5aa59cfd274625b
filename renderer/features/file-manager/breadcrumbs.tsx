// Where we are in the study: root › folder › subfolder, each a link back up. When they do not fit,
// the middle folders fold into an "…" menu first (as file managers do); then the study's title
// shrinks, and only then the current folder's name (every crumb keeps its full name as tooltip).
// In a roomy window the toolbar folds actions into More before the title shrinks.
import { shownText } from '../../../shared/shown-text.js';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ancestry } from '../../lib/file-tree.js';
import { textWidth } from '../../lib/text-width.js';
import { OverflowMenu } from '../../components/common/overflow-menu.js';
import { StudyTitleText } from '../../components/common/study-title-text.js';
import { studyTitleParts } from '../../lib/study-title-parts.js';

/** The "…" button's width, before it is first measured. */
const FOLD_BUTTON_WIDTH = 34;
/** A shrunk study title ("Protoc…"): the root crumb's CSS min-width (5em) and its separator. */
const ROOT_SHRUNK_WIDTH = 84;

/** From this window width the toolbar has room for the study's whole title (at most ROOMY_RESERVE). */
const ROOMY_WINDOW = 1200;
const ROOMY_RESERVE = 440;
/** A crumb's "›" and its margin, and the list's gap (layout.css). */
const SEPARATOR = 16;

/**
 * Room the toolbar keeps for the breadcrumbs before its actions fold (use-fold.ts): enough for the
 * current folder's whole name beside a shrunk title and the "…" button (at most 340 px); at the
 * study's root its title, or 180 px of it (the sidebar and the window title name the study). In a
 * roomy window, the study's whole title beside them too, up to 440 px: actions fold into More first.
 */
export function reservedWidth(crumbCount: number, currentWidth: number, titleWidth = 0, roomy = false): number {
  const fold = crumbCount > 2 ? FOLD_BUTTON_WIDTH + 12 : 0;
  const narrow =
    crumbCount <= 1 ? Math.min(180, currentWidth + 8) : Math.min(340, currentWidth + ROOT_SHRUNK_WIDTH + fold + 8);
  if (!roomy) return Math.round(narrow);
  const whole = crumbCount <= 1 ? currentWidth + 8 : titleWidth + SEPARATOR + currentWidth + fold + 8;
  return Math.round(Math.max(narrow, Math.min(ROOMY_RESERVE, whole)));
}

/** With a selection's actions to keep on a narrow toolbar (issue 38 §7), the crumbs keep at most this; names are cut, whole in their tooltips. */
const TIGHT_RESERVE = 200;

/** How many middle crumbs (after the root, oldest first) to fold so the rest fit in `space`. */
export function foldedCrumbs(widths: readonly number[], space: number, gap: number, foldWidth: number): number {
  const middle = Math.max(0, widths.length - 2);
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  let folded = 0;
  let needed = total;
  while (needed > space && folded < middle) {
    needed -= widths[folded + 1]! + gap;
    if (folded === 0) needed += foldWidth + gap;
    folded++;
  }
  return folded;
}

export function Breadcrumbs({
  path,
  rootLabel,
  rootProtocol,
  tight,
  onOpen,
}: {
  readonly path: string;
  readonly rootLabel: string;
  /** The study's protocol number: the root crumb shows its title without it (the sidebar says it). */
  readonly rootProtocol?: string;
  /** Give the toolbar's actions the room first (TIGHT_RESERVE). */
  readonly tight?: boolean;
  readonly onOpen: (path: string) => void;
}) {
  const crumbs = ancestry(path).map((c) => ({ path: c.path, name: c.path === '' ? rootLabel : shownText(c.name) }));
  const key = crumbs.map((c) => c.name).join('\n');
  const nav = useRef<HTMLElement>(null);
  const widths = useRef(new Map<string, number>());
  const [state, setState] = useState({ key, folded: 0 });
  // A new path shows every crumb first, so each is measured once.
  const folded = state.key === key ? state.folded : 0;

  const fit = useCallback(() => {
    const el = nav.current;
    if (!el?.clientWidth) return;
    for (const li of el.querySelectorAll<HTMLElement>('li[data-crumb]'))
      widths.current.set(li.dataset.crumb!, li.scrollWidth);
    const list = el.querySelector('ol');
    const gap = list ? parseFloat(getComputedStyle(list).columnGap) || 0 : 0;
    const foldButton = el.querySelector<HTMLElement>('li.crumb-fold');
    const names = key.split('\n');
    const next = foldedCrumbs(
      names.map((_, i) => widths.current.get(String(i)) ?? 0),
      el.clientWidth,
      gap,
      foldButton ? foldButton.scrollWidth : FOLD_BUTTON_WIDTH,
    );
    setState((s) => (s.key === key && s.folded === next ? s : { key, folded: next }));
  }, [key]);

  useLayoutEffect(fit);
  useEffect(() => {
    const el = nav.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fit());
    observer.observe(el);
    return () => observer.disconnect();
  }, [fit]);

  const last = crumbs.length - 1;
  const shownRoot = studyTitleParts(rootLabel, rootProtocol).rest;
  const crumb = (i: number) => {
    const c = crumbs[i]!;
    const text = i === 0 ? <StudyTitleText title={rootLabel} protocolNumber={rootProtocol} /> : c.name;
    return (
      <li
        key={c.path}
        data-crumb={i}
        className={[i === 0 ? 'crumb-root' : '', i === last ? 'crumb-current' : ''].join(' ').trim() || undefined}
        title={c.name}
      >
        {i === last ? (
          <span aria-current="page">{text}</span>
        ) : (
          <button type="button" className="link" onClick={() => onOpen(c.path)}>
            {text}
          </button>
        )}
      </li>
    );
  };
  return (
    <nav
      ref={nav}
      aria-label="Breadcrumbs"
      className="breadcrumbs"
      data-testid="breadcrumbs"
      data-fold-reserve={Math.min(
        tight ? TIGHT_RESERVE : Infinity,
        reservedWidth(
          crumbs.length,
          textWidth(last === 0 ? shownRoot : crumbs[last]!.name),
          textWidth(shownRoot),
          (globalThis.innerWidth ?? 0) >= ROOMY_WINDOW,
        ),
      )}
    >
      <ol>
        {crumb(0)}
        {folded > 0 ? (
          <li className="crumb-fold">
            <OverflowMenu
              testId="breadcrumbs-more"
              label="Folders above this one"
              text=""
              buttonLabel={`${folded} more folder${folded === 1 ? '' : 's'}`}
              align="start"
              entries={crumbs
                .slice(1, 1 + folded)
                .map((c) => ({ id: `crumb-${c.path}`, label: c.name, onSelect: () => onOpen(c.path) }))}
            />
          </li>
        ) : null}
        {crumbs.slice(1 + folded).map((_, j) => crumb(1 + folded + j))}
      </ol>
    </nav>
  );
}
