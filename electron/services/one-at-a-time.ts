// Changes of one file made one at a time, in the order asked: each reads what the one before it
// wrote (a scheduled scan beside a re-wrap loses neither). Whoever owns the files owns one of
// these (the app, the command line), so the order holds for as long as the files do.
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `change` once every change of `key` asked before has ended (failed or not). */
  run<T>(key: string, change: () => Promise<T>): Promise<T> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(change);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    // the last change of a key ended: nothing is kept for it
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
