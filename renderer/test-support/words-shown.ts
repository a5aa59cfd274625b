/** What a reader sees or hears of an element: its text and its accessible labels (not its test ids). */
export function wordsShown(root: Element): string {
  const labels = Array.from(root.querySelectorAll('[aria-label]'), (e) => e.getAttribute('aria-label') ?? '');
  return [root.textContent ?? '', root.getAttribute('aria-label') ?? '', ...labels].join('\n');
}
