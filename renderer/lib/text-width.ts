// A text's width as the page would draw it, for layouts that must know before they draw (which
// breadcrumbs fold, how wide the Type column's words are).
let context: CanvasRenderingContext2D | null | undefined;

/** The width in the page's font (canvas), or a fair guess where there is no canvas (tests). */
export function textWidth(text: string): number {
  try {
    context ??= document.createElement('canvas').getContext('2d');
  } catch {
    context = null;
  }
  if (!context) return text.length * 8;
  context.font = getComputedStyle(document.body).font;
  return context.measureText(text).width;
}
