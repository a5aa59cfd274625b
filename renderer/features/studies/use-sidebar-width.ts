// The studies column's width: layout.css's (by window width) until the user drags or keys its
// handle, then theirs, kept between sessions like the folder tree's (use-tree-width.ts).
import { useState } from 'react';

const KEY = 'study-exchange.sidebar-width';
export const SIDEBAR_MIN_WIDTH = 160;
export const SIDEBAR_MAX_WIDTH = 420;

const clamp = (px: number): number => Math.round(Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, px)));

/** The width layout.css gives the column at a window width (its media queries). */
export function defaultSidebarWidth(windowWidth: number): number {
  return windowWidth <= 1100 ? 190 : windowWidth < 1300 ? 200 : 220;
}

function savedWidth(): number | undefined {
  try {
    const n = Number(globalThis.localStorage?.getItem(KEY) ?? '');
    return n > 0 && Number.isFinite(n) ? clamp(n) : undefined;
  } catch {
    return undefined;
  }
}

/** [the user's width (undefined: layout.css's), the width shown, resize by a delta]. */
export function useSidebarWidth(): [number | undefined, number, (delta: number) => void] {
  const [saved, setSaved] = useState(savedWidth);
  const width = saved ?? defaultSidebarWidth(globalThis.innerWidth ?? 1300);
  const resize = (delta: number): void => {
    const next = clamp(width + delta);
    setSaved(next);
    try {
      globalThis.localStorage?.setItem(KEY, String(next));
    } catch {
      // unavailable storage: the width lasts this session
    }
  };
  return [saved, width, resize];
}
