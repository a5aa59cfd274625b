// A column the user sizes by its handle (drag or ←/→): the width they chose, kept between
// sessions under its own key and within its bounds; until they choose, the caller's width.
import { useEffect, useState } from 'react';

export interface SavedWidthPlace {
  /** The localStorage key it is kept under. */
  readonly key: string;
  readonly min: number;
  readonly max: number;
}

const clamp = (place: SavedWidthPlace, px: number): number => Math.round(Math.min(place.max, Math.max(place.min, px)));

function savedWidth(place: SavedWidthPlace): number | undefined {
  try {
    const n = Number(globalThis.localStorage?.getItem(place.key) ?? '');
    return n > 0 && Number.isFinite(n) ? clamp(place, n) : undefined;
  } catch {
    return undefined;
  }
}

/** [the user's width (undefined until they size it), the width shown (theirs or `fallback`), resize by a delta]. */
export function useSavedWidth(
  place: SavedWidthPlace,
  fallback: number,
): [number | undefined, number, (delta: number) => void] {
  const [saved, setSaved] = useState(() => savedWidth(place));
  const width = saved ?? fallback;
  // Each step from the width the step before left, not the one last rendered: a drag's pointer
  // moves can come faster than React renders.
  const resize = (delta: number): void => setSaved((was) => clamp(place, (was ?? fallback) + delta));
  useEffect(() => {
    if (saved === undefined) return;
    try {
      globalThis.localStorage?.setItem(place.key, String(saved));
    } catch {
      // unavailable storage: the width lasts this session
    }
  }, [place.key, saved]);
  return [saved, width, resize];
}
