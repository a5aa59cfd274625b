// What the shared refresh reports when documents from other organizations are first seen: the
// notifier's input. Own actions and a study's first listing are never arrivals; a study newly
// shared with us is one batch marked `joined`.
export interface ArrivedItem {
  /** Slash form. */
  readonly itemPath: string;
  /** The shown name (cleaned again here: it is another organization's text). */
  readonly name: string;
  /** Who sent it: the owner's organization name. */
  readonly byName: string;
}

export interface ArrivalBatch {
  readonly containerId: string;
  readonly studyTitle: string;
  /** The study was newly shared with this profile: one line, no per-document notification. */
  readonly joined: boolean;
  readonly items: readonly ArrivedItem[];
}

export type ArrivalListener = (batch: ArrivalBatch) => void;

/** The refresh's observer API (session.watch): subscribe, answers the unsubscribe. */
export interface ArrivalSource {
  onArrivals(listener: ArrivalListener): () => void;
}
