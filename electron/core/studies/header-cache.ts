// The headers a session opened, so a refresh does not unwrap a key twice: the session's own
// (Session.headers), gone with it.
import type { RecordHeader } from '../../../shared/types.js';

export interface CachedHeader {
  readonly headerHash: string;
  readonly keyHash: string;
  /** The opened header, or why it could not be opened. */
  readonly header: RecordHeader | string;
}

/** Per container, per item id: the header opened for that headerHash and keyHash. */
export class HeaderCache {
  private readonly byContainer = new Map<string, Map<string, CachedHeader>>();

  of(containerId: string): Map<string, CachedHeader> {
    let c = this.byContainer.get(containerId);
    if (!c) this.byContainer.set(containerId, (c = new Map()));
    return c;
  }
}
