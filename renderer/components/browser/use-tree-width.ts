// The folder tree's width: the user's, kept between sessions, once they drag or key its handle;
// until then the layout's own (narrower below 1300 px, as layout.css says).
import { useState } from 'react';

const KEY = 'study-exchange.tree-width';
export const TREE_MIN_WIDTH = 120;
export const TREE_MAX_WIDTH = 480;

function clamp(px: number): number {
  return Math.round(Math.min(TREE_MAX_WIDTH, Math.max(TREE_MIN_WIDTH, px)));
}

/** The width layout.css gives the tree before the user sizes it. */
export function defaultTreeWidth(windowWidth: number): number {
  return windowWidth < 1300 ? 150 : 170;
}

function savedWidth(): number | undefined {
  try {
    const n = Number(globalThis.localStorage?.getItem(KEY) ?? '');
    return n > 0 && Number.isFinite(n) ? clamp(n) : undefined;
  } catch {
    return undefined;
  }
}

/** [the width shown, whether the user set it, resize by a delta]. */
export function useTreeWidth(): [number, boolean, (delta: number) => void] {
  const [saved, setSaved] = useState(savedWidth);
  const width = saved ?? defaultTreeWidth(globalThis.innerWidth ?? 1300);
  const resize = (delta: number): void => {
    const next = clamp(width + delta);
    setSaved(next);
    try {
      globalThis.localStorage?.setItem(KEY, String(next));
    } catch {
      // unavailable storage: the width lasts this session
    }
  };
  return [width, saved !== undefined, resize];
}
