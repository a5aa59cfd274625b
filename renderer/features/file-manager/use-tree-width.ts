// The folder tree's width: the user's, kept between sessions, once they drag or key its handle;
// until then wide enough for its folders' names, as far as the list can spare (it keeps whole
// 40-character names and its Type, Size and Updated columns), and never narrower than the layout's own (narrower below 1300 px, as layout.css says).
import { useMemo } from 'react';
import { shownText } from '../../../shared/shown-text.js';
import { DEFAULT_WIDTHS, NAME_MIN_WIDTH } from '../../lib/column-widths.js';
import type { FileTree } from '../../lib/file-tree.js';
import { textWidth } from '../../lib/text-width.js';
import { useSavedWidth, type SavedWidthPlace } from '../../lib/use-saved-width.js';
import { defaultSidebarWidth } from '../studies/use-sidebar-width.js';

export const TREE_MIN_WIDTH = 120;
export const TREE_MAX_WIDTH = 480;
const PLACE: SavedWidthPlace = { key: 'study-exchange.tree-width', min: TREE_MIN_WIDTH, max: TREE_MAX_WIDTH };

/** The width layout.css gives the tree before the user sizes it. */
export function defaultTreeWidth(windowWidth: number): number {
  return windowWidth < 1300 ? 150 : 170;
}

/** Indent per level, twisty, the label's end padding, the tree's border and a little slack (layout.css, folder-tree.tsx). */
const INDENT = 14;
const LABEL_EXTRA = 14 + 8 + 1 + 5;

/** The workspace's sidebar and the details pane at a window width (layout.css's media queries). */
function sideColumns(windowWidth: number, paneShown: boolean): number {
  return defaultSidebarWidth(windowWidth) + (paneShown ? (windowWidth < 1300 ? 240 : 260) : 0);
}

/** What the list keeps before the tree widens: a 40-character Name with Type, Size and Updated, and a scrollbar. */
const LIST_KEEPS = NAME_MIN_WIDTH + DEFAULT_WIDTHS.type + DEFAULT_WIDTHS.size + DEFAULT_WIDTHS.updated + 14;

/** The most the names may widen the tree to: what the list can spare, at most 260 px. */
export function fitLimit(windowWidth: number, paneShown: boolean): number {
  return Math.min(260, windowWidth - sideColumns(windowWidth, paneShown) - LIST_KEEPS);
}

/**
 * The width that shows every folder's name whole (expanded or not, so opening a folder does not
 * move the list), within [the default, the limit]. The root's label is the study's title, named
 * whole in the breadcrumbs and the sidebar: it does not widen the tree.
 */
export function fittedTreeWidth(
  tree: FileTree | undefined,
  windowWidth: number,
  paneShown: boolean,
  measure: (text: string) => number = textWidth,
): number {
  const floor = defaultTreeWidth(windowWidth);
  let need = 0;
  for (const [path, node] of tree?.folders ?? []) {
    if (path === '') continue;
    const depth = path.split('/').length;
    need = Math.max(need, depth * INDENT + LABEL_EXTRA + measure(shownText(node.name)));
  }
  return Math.round(Math.max(floor, Math.min(fitLimit(windowWidth, paneShown), need)));
}

/** [the width shown, whether it differs from layout.css's default (user set or fitted), resize by a delta]. */
export function useTreeWidth(tree?: FileTree, paneShown = false): [number, boolean, (delta: number) => void] {
  const windowWidth = globalThis.innerWidth ?? 1300;
  // Measured once per listing (every folder's name), not per render.
  const fitted = useMemo(() => fittedTreeWidth(tree, windowWidth, paneShown), [tree, windowWidth, paneShown]);
  const [saved, width, resize] = useSavedWidth(PLACE, fitted);
  return [width, saved !== undefined || width !== defaultTreeWidth(windowWidth), resize];
}
