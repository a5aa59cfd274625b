// Reads that stream to a client (downloads, listings) hold their connection for as long as
// the client takes to read: a slow or stalled reader holds it for minutes. They get a
// bounded pool of their own, entered through these slots, so writes and small requests
// keep their connections; when every slot is taken a new read waits briefly, then is
// refused as busy (503, code 1018, Retry-After) instead of queueing behind the stalled ones.
// One organization may hold (or wait for) at most half the slots: past that share it is
// refused busy at once, so its stalled readers can never take every other organization's.
import { StoreBusyError } from '../store.js';

export class StreamingSlots {
  private inUse = 0;
  private readonly waiting: { take: () => void }[] = [];
  /** Slots held or waited for, per organization. */
  private readonly claims = new Map<string, number>();
  /** The most slots one organization may hold or wait for. */
  readonly share: number;

  constructor(
    readonly max: number,
    /** How long a read waits for a slot before it is refused. */
    private readonly waitMs: number,
  ) {
    this.share = Math.max(1, Math.ceil(max / 2));
  }

  /** Runs `read` in a slot of `orgId`'s share; throws StoreBusyError when over the share or none frees up in time. */
  async use<T>(orgId: string, read: () => Promise<T>): Promise<T> {
    this.claim(orgId);
    try {
      await this.enter();
    } catch (e) {
      this.unclaim(orgId);
      throw e;
    }
    try {
      return await read();
    } finally {
      this.unclaim(orgId);
      this.leave();
    }
  }

  private claim(orgId: string): void {
    const held = this.claims.get(orgId) ?? 0;
    if (held >= this.share) {
      throw new StoreBusyError(
        `This organization already has ${held} downloads and listings open; try again when one has finished.`,
      );
    }
    this.claims.set(orgId, held + 1);
  }

  private unclaim(orgId: string): void {
    const held = (this.claims.get(orgId) ?? 1) - 1;
    if (held > 0) this.claims.set(orgId, held);
    else this.claims.delete(orgId);
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
        reject(
          new StoreBusyError(`All ${this.max} connections for downloads and listings are in use; try again shortly.`),
        );
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
