// The studies column's width: layout.css's (by window width) until the user drags or keys its
// handle, then theirs, kept between sessions like the folder tree's (use-tree-width.ts).
import { useSavedWidth, type SavedWidthPlace } from '../../lib/use-saved-width.js';

export const SIDEBAR_MIN_WIDTH = 160;
export const SIDEBAR_MAX_WIDTH = 420;
const PLACE: SavedWidthPlace = { key: 'study-exchange.sidebar-width', min: SIDEBAR_MIN_WIDTH, max: SIDEBAR_MAX_WIDTH };

/** The width layout.css gives the column at a window width (its media queries). */
export function defaultSidebarWidth(windowWidth: number): number {
  return windowWidth <= 1100 ? 190 : windowWidth < 1300 ? 200 : 220;
}

/** [the user's width (undefined: layout.css's), the width shown, resize by a delta]. */
export function useSidebarWidth(): [number | undefined, number, (delta: number) => void] {
  return useSavedWidth(PLACE, defaultSidebarWidth(globalThis.innerWidth ?? 1300));
}
