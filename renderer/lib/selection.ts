// Multi-selection of list rows by key: click, Ctrl/Cmd-click (toggle), Shift-click (range), arrows
// (move the focus, Shift extends), Ctrl/Cmd+A. Pure, so the list component stays small.
export interface Selection {
  readonly selected: ReadonlySet<string>;
  /** The focused row (where the keyboard is). */
  readonly focus?: string;
  /** Where a Shift range starts. */
  readonly anchor?: string;
}

export const EMPTY_SELECTION: Selection = { selected: new Set() };

interface Modifiers {
  readonly shift?: boolean;
  readonly toggle?: boolean;
}

function range(keys: readonly string[], from: string | undefined, to: string): Set<string> {
  const a = from === undefined ? -1 : keys.indexOf(from);
  const b = keys.indexOf(to);
  if (a < 0 || b < 0) return new Set([to]);
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return new Set(keys.slice(lo, hi + 1));
}

export function clickRow(state: Selection, keys: readonly string[], key: string, mods: Modifiers = {}): Selection {
  if (mods.shift)
    return {
      selected: range(keys, state.anchor ?? state.focus, key),
      focus: key,
      anchor: state.anchor ?? state.focus ?? key,
    };
  if (mods.toggle) {
    const selected = new Set(state.selected);
    if (selected.has(key)) selected.delete(key);
    else selected.add(key);
    return { selected, focus: key, anchor: key };
  }
  return { selected: new Set([key]), focus: key, anchor: key };
}

/** Moves the focus by `delta` rows (clamped); selects it, or extends the range with Shift. */
export function moveFocus(state: Selection, keys: readonly string[], delta: number, mods: Modifiers = {}): Selection {
  if (keys.length === 0) return state;
  const current = state.focus === undefined ? -1 : keys.indexOf(state.focus);
  const start = current < 0 ? (delta > 0 ? -1 : keys.length) : current;
  const next = keys[Math.min(keys.length - 1, Math.max(0, start + delta))];
  if (next === undefined) return state;
  return clickRow(state, keys, next, { shift: mods.shift });
}

export function selectAll(state: Selection, keys: readonly string[]): Selection {
  return { selected: new Set(keys), focus: state.focus ?? keys[0], anchor: state.anchor };
}

/** Drops keys that no longer exist (after a refresh or a filter). */
export function pruneSelection(state: Selection, keys: readonly string[]): Selection {
  const present = new Set(keys);
  const selected = new Set([...state.selected].filter((k) => present.has(k)));
  const focus = state.focus !== undefined && present.has(state.focus) ? state.focus : undefined;
  if (selected.size === state.selected.size && focus === state.focus) return state;
  return { selected, focus, anchor: focus };
}
