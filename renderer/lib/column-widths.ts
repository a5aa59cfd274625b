// The file list's column widths: Name takes what is left; the other columns have a width the
// user sets by dragging or with the keyboard, kept between sessions. When the list is too narrow
// for all of them beside a Name column that shows 40 characters whole, the lower-value columns give
// way (their facts stay in the details pane) instead of being clipped or scrolled sideways.
import type { Column } from './rows.js';

export type SizedColumn = Exclude<Column, 'name'>;
export type ColumnWidths = Readonly<Record<SizedColumn, number>>;

export const SIZED_COLUMNS: readonly SizedColumn[] = ['type', 'expires', 'size', 'owner', 'updated', 'shared'];
/** Shown only when the folder has something to show in them (Expires: a document with an expiry date). */
const ON_DEMAND: readonly SizedColumn[] = ['expires'];
const USUAL_COLUMNS = SIZED_COLUMNS.filter((c) => !ON_DEMAND.includes(c));
export const DEFAULT_WIDTHS: ColumnWidths = { type: 136, expires: 120, size: 88, owner: 110, updated: 112, shared: 72 };
/** Room for a 40-character name with its icon: columns give way before Name gets narrower. */
export const NAME_MIN_WIDTH = 330;
/** Which columns give way first when the list is narrow: Shared and Owner first (the details pane
 *  names the owner and who has access), then Expires (the details pane, the binder and the
 *  Expiring view say it too), then Type (beside its icon), the date last. */
const GIVE_WAY_ORDER: readonly SizedColumn[] = ['shared', 'owner', 'expires', 'type', 'size', 'updated'];
export const MIN_WIDTH = 56;
export const MAX_WIDTH = 480;
const STORAGE_KEY = 'study-exchange.column-widths';

function clampWidth(px: number): number {
  if (!Number.isFinite(px)) return MIN_WIDTH;
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)));
}

export function resizeColumn(widths: ColumnWidths, column: SizedColumn, delta: number): ColumnWidths {
  return { ...widths, [column]: clampWidth(widths[column] + delta) };
}

/**
 * The columns shown beside Name in a list `available` px wide: all that fit with Name at least
 * NAME_MIN_WIDTH, the others giving way in GIVE_WAY_ORDER. Unknown width (0: not laid out): all.
 * An on-demand column (Expires) is a candidate only when `wanted` names it.
 */
export function shownColumns(
  widths: ColumnWidths,
  available: number,
  wanted: readonly SizedColumn[] = [],
): SizedColumn[] {
  const candidates = SIZED_COLUMNS.filter((c) => !ON_DEMAND.includes(c) || wanted.includes(c));
  if (!(available > 0)) return candidates;
  const hidden = new Set<SizedColumn>();
  let needed = NAME_MIN_WIDTH + candidates.reduce((sum, c) => sum + widths[c], 0);
  for (const c of GIVE_WAY_ORDER.filter((g) => candidates.includes(g))) {
    if (needed <= available) break;
    hidden.add(c);
    needed -= widths[c];
  }
  return candidates.filter((c) => !hidden.has(c));
}

/** A cell's padding on both sides (.cell), beside its text. */
const CELL_PADDING = 16;

/**
 * The widths to lay out: as set, except that a Type column the user never sized (still at its
 * default) widens to fit its longest words (`typeText`, their drawn width) with what the list has
 * beyond Name's minimum, so "Excel spreadsheet" is not cut to "Excel spreadsh…" while Name has
 * room to spare. A width the user set is theirs: it is laid out as it is.
 */
export function fittedWidths(
  widths: ColumnWidths,
  shown: readonly SizedColumn[],
  available: number,
  typeText: number,
): ColumnWidths {
  const wanted = Math.min(MAX_WIDTH, Math.ceil(typeText + CELL_PADDING));
  if (widths.type !== DEFAULT_WIDTHS.type || !shown.includes('type') || !(available > 0) || wanted <= widths.type)
    return widths;
  const spare = available - NAME_MIN_WIDTH - shown.reduce((sum, c) => sum + widths[c], 0);
  return spare > 0 ? { ...widths, type: widths.type + Math.min(spare, wanted - widths.type) } : widths;
}

/** The rows' grid template: Name first, taking the remaining width (never more than the list has). */
export function gridTemplate(widths: ColumnWidths, shown: readonly SizedColumn[] = USUAL_COLUMNS): string {
  return ['minmax(0, 1fr)', ...shown.map((c) => `${widths[c]}px`)].join(' ');
}

/** Saved widths, each checked; anything missing or malformed takes its default. */
export function parseWidths(saved: string | null | undefined): ColumnWidths {
  let raw: unknown;
  try {
    raw = saved ? JSON.parse(saved) : undefined;
  } catch {
    raw = undefined;
  }
  const out: Record<SizedColumn, number> = { ...DEFAULT_WIDTHS };
  if (raw && typeof raw === 'object') {
    for (const c of SIZED_COLUMNS) {
      const v = (raw as Record<string, unknown>)[c];
      if (typeof v === 'number' && Number.isFinite(v)) out[c] = clampWidth(v);
    }
  }
  return out;
}

export function loadWidths(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ColumnWidths {
  try {
    return parseWidths(storage?.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_WIDTHS;
  }
}

export function saveWidths(
  widths: ColumnWidths,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(widths));
  } catch {
    // storage full or unavailable: the widths last this session only
  }
}
