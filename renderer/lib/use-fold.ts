// How many of a bar's actions fit in one row, measured (not guessed from the window's width): the
// rest fold into its "More" menu, always from the end, so the order they fold in is stable.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The most leading actions (widths in order) that fit in `space` px, with a More button when some do not. */
export function fitCount(space: number, widths: readonly number[], gap: number, moreWidth: number): number {
  let used = 0;
  for (let k = 0; k < widths.length; k++) {
    const next = used + (k > 0 ? gap : 0) + widths[k]!;
    const last = k === widths.length - 1;
    // Room for this action, and for the More button after it unless it is the last one.
    if (next + (last ? 0 : gap + moreWidth) > space) return k;
    used = next;
  }
  return widths.length;
}

const inFlow = (el: Element): boolean => {
  const style = getComputedStyle(el);
  return style.display !== 'none' && style.position !== 'absolute' && style.position !== 'fixed';
};

/**
 * The room an action group has: its own width, or, inside a bar marked `data-fold-bar`, what the
 * bar's other children leave (a child marked `data-fold-reserve="N"` counts as N px: it shrinks).
 */
function spaceFor(group: HTMLElement): number {
  const bar = group.parentElement;
  if (!bar?.hasAttribute('data-fold-bar')) return group.clientWidth;
  const style = getComputedStyle(bar);
  const gap = parseFloat(style.columnGap) || 0;
  const others = [...bar.children].filter((c) => c !== group && inFlow(c)) as HTMLElement[];
  const taken = others.reduce(
    (sum, c) => sum + (c.dataset.foldReserve ? Number(c.dataset.foldReserve) : c.getBoundingClientRect().width),
    0,
  );
  return (
    bar.clientWidth -
    (parseFloat(style.paddingLeft) || 0) -
    (parseFloat(style.paddingRight) || 0) -
    taken -
    gap * others.length
  );
}

/**
 * How many of the actions `ids` to show inline in `group` (each marked `data-fold-id`, the More
 * button `data-fold-more`). Widths are measured while shown and remembered while folded; before
 * layout (no width, as in tests without one) every action shows.
 */
export function useFoldCount(group: RefObject<HTMLElement | null>, ids: readonly string[]): number {
  const widths = useRef(new Map<string, number>());
  const moreWidth = useRef(80);
  const [count, setCount] = useState(ids.length);
  const key = ids.join('\n');

  const fit = useCallback(() => {
    const el = group.current;
    if (!el?.isConnected || !(el.parentElement?.clientWidth ?? 0)) return;
    for (const child of el.querySelectorAll<HTMLElement>('[data-fold-id]'))
      widths.current.set(child.dataset.foldId!, child.getBoundingClientRect().width);
    const more = el.querySelector<HTMLElement>('[data-fold-more]');
    if (more) moreWidth.current = more.getBoundingClientRect().width;
    // An action never shown yet counts as 0 px: it shows, is measured, and the next pass folds it if need be.
    const known = (key ? key.split('\n') : []).map((id) => widths.current.get(id) ?? 0);
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    const next = fitCount(spaceFor(el), known, gap, moreWidth.current);
    setCount((c) => (c === next ? c : next));
  }, [group, key]);

  // After every render (a label may have changed width) and whenever the bar is resized.
  useLayoutEffect(fit);
  useEffect(() => {
    const bar = group.current?.parentElement;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fit());
    observer.observe(bar);
    return () => observer.disconnect();
  }, [fit, group]);
  return Math.min(count, ids.length);
}
