// "Reveal these items": asked by a notification's click, the Changes view, or main's `reveal`
// event; answered by the file browser (opens the study, the folder, selects the rows).
export interface RevealTarget {
  readonly containerId: string;
  readonly itemPaths: readonly string[];
}

type Listener = (target: RevealTarget) => void;
const listeners = new Set<Listener>();

export function requestReveal(target: RevealTarget): void {
  for (const l of listeners) l(target);
}

/** Subscribes to reveal requests; answers the unsubscribe. */
export function onReveal(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
