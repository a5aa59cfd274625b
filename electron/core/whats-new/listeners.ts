// The refresh's subscribers (the notifier's arrivals, the binder's daily notice after each round):
// each added answers how to remove it.
export class Listeners<T> {
  private readonly set = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  /** Every listener in turn; a failure stops the caller. */
  each(value: T): void {
    for (const listener of this.set) listener(value);
  }

  /** Every listener; one's failure stops neither the others nor the caller. */
  tell(value: T): void {
    for (const listener of this.set) {
      try {
        listener(value);
      } catch {
        // one listener's failure does not stop the refresh nor the other listeners
      }
    }
  }
}
