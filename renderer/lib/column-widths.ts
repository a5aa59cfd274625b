// The file list's column widths: Name takes what is left; the other columns have a width the
// user sets by dragging or with the keyboard, kept between sessions.
import type { Column } from './rows.js';

export type SizedColumn = Exclude<Column, 'name'>;
export type ColumnWidths = Readonly<Record<SizedColumn, number>>;

const SIZED_COLUMNS: readonly SizedColumn[] = ['type', 'size', 'owner', 'updated', 'shared'];
export const DEFAULT_WIDTHS: ColumnWidths = { type: 136, size: 88, owner: 110, updated: 112, shared: 72 };
/** Name never gets narrower than this; the list scrolls sideways instead. */
const NAME_MIN_WIDTH = 200;
export const MIN_WIDTH = 56;
export const MAX_WIDTH = 480;
/** One arrow-key press (Shift: five). */
export const KEY_STEP = 10;
const STORAGE_KEY = 'study-exchange.column-widths';

function clampWidth(px: number): number {
  if (!Number.isFinite(px)) return MIN_WIDTH;
  return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px)));
}

export function resizeColumn(widths: ColumnWidths, column: SizedColumn, delta: number): ColumnWidths {
  return { ...widths, [column]: clampWidth(widths[column] + delta) };
}

/** The rows' grid template: Name first, taking the remaining width. */
export function gridTemplate(widths: ColumnWidths): string {
  return [`minmax(${NAME_MIN_WIDTH}px, 1fr)`, ...SIZED_COLUMNS.map((c) => `${widths[c]}px`)].join(' ');
}

/** The narrowest the rows get before the list scrolls sideways. */
export function minimumWidth(widths: ColumnWidths): number {
  return NAME_MIN_WIDTH + SIZED_COLUMNS.reduce((sum, c) => sum + widths[c], 0);
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

export function saveWidths(widths: ColumnWidths, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(widths));
  } catch {
    // storage full or unavailable: the widths last this session only
  }
}
