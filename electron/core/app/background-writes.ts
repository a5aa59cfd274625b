// Writes started without waiting (a side effect of another action) that closing must still wait
// for: a data folder removed or handed on while one is under way would lose it or be refilled.
export class BackgroundWrites {
  private readonly pending = new Set<Promise<void>>();

  /** Runs on; its failure is its own (already reported where it matters), never unhandled. */
  track(write: Promise<unknown>): void {
    const settled: Promise<void> = write.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
  }

  /** Settles once every write tracked so far has ended. */
  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
