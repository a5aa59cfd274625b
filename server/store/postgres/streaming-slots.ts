// Reads that stream to a client (downloads, listings) hold their connection for as long as
// the client takes to read: a slow or stalled reader holds it for minutes. They get a
// bounded pool of their own, entered through these slots, so writes and small requests
// keep their connections; when every slot is taken a new read waits briefly, then is
// refused as busy (503, code 1018, Retry-After) instead of queueing behind the stalled ones.
import { StoreBusyError } from '../store.js';

export class StreamingSlots {
  private inUse = 0;
  private readonly waiting: { take: () => void }[] = [];

  constructor(
    readonly max: number,
    /** How long a read waits for a slot before it is refused. */
    private readonly waitMs: number,
  ) {}

  /** Runs `read` in a slot; throws StoreBusyError when none frees up in time. */
  async use<T>(read: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await read();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.inUse < this.max) {
      this.inUse++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        take: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new StoreBusyError(`All ${this.max} connections for downloads and listings are in use; try again shortly.`));
      }, this.waitMs);
      this.waiting.push(waiter);
    });
  }

  private leave(): void {
    // the slot passes straight to the longest waiting read
    const next = this.waiting.shift();
    if (next) next.take();
    else this.inUse--;
  }
}
