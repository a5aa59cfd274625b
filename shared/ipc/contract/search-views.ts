// What main answers "Find in all studies" with (shared/ipc/views.ts re-exports it).
import type { SearchHit } from '../../search-rank.js';

/** "Find in all studies": the best hits among what main has read so far. */
export interface SearchAnswer {
  readonly hits: SearchHit[];
  /**
   * While main is still opening the studies' headers: how many items it has read of those
   * listed so far (the hits cover only those). Absent once every item is read.
   */
  readonly indexing?: { readonly opened: number; readonly total: number };
}
