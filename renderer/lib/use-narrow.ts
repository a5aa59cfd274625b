// Whether the window is narrow (e.g. 1024 px): toolbars then keep their main actions in one row
// and put the rest into a "More" menu.
import { useEffect, useState } from 'react';

const NARROW_QUERY = '(max-width: 1199px)';
/** The file toolbar holds more than the chrome: its secondary actions fold below this width. */
export const TOOLBAR_NARROW_QUERY = '(max-width: 1439px)';

export function useNarrow(query = NARROW_QUERY): boolean {
  const [narrow, setNarrow] = useState(() => globalThis.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = globalThis.matchMedia?.(query);
    if (!list) return;
    const update = (): void => setNarrow(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return narrow;
}
