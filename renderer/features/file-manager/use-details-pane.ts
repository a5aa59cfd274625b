// Whether the details pane is shown: the user's choice, kept; at first it is shown only when the
// window has room for it beside a Name column wide enough for whole names.
import { useState } from 'react';

const KEY = 'study-exchange.details-pane';
// From 1200 px the list keeps a 40-character Name column beside the pane (lesser columns give way).
const DETAILS_ROOM_WIDTH = 1200;

function initialDetailsShown(saved: string | null | undefined, windowWidth: number): boolean {
  if (saved === 'shown') return true;
  if (saved === 'hidden') return false;
  return windowWidth >= DETAILS_ROOM_WIDTH;
}

export function useDetailsPaneShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(() => {
    let saved: string | null = null;
    try {
      saved = globalThis.localStorage?.getItem(KEY) ?? null;
    } catch {
      saved = null;
    }
    return initialDetailsShown(saved, globalThis.innerWidth ?? DETAILS_ROOM_WIDTH);
  });
  const set = (next: boolean): void => {
    setShown(next);
    try {
      globalThis.localStorage?.setItem(KEY, next ? 'shown' : 'hidden');
    } catch {
      // unavailable storage: the choice lasts this session
    }
  };
  return [shown, set];
}
