// The studies as the exchange lists them to the profile: their order, which were shared with it
// since it last knew (a study's first listing after that is reported `joined`), and which are
// owed a whole listing (Refresh on a study, a change this app made: `since` cannot tell a delete).
import type { Container } from '../../../shared/types.js';

export class StudyRoster {
  /** The exchange's order, as last listed. */
  order: readonly string[] = [];
  /** Something was known before (an earlier run's file, or a containers listing of this run): a study not known since was shared with us. */
  private hadState = false;
  /** Studies in the file or in a containers listing of this run. */
  private readonly knownIds = new Set<string>();
  /** Studies shared with us whose first listing is still to come (it is reported `joined`). */
  private readonly joining = new Set<string>();
  private readonly wholeNext = new Set<string>();

  /** What an earlier run knew (the seen file's studies). */
  remember(ids: Iterable<string>): void {
    this.hadState = true;
    for (const id of ids) this.knownIds.add(id);
  }

  /** A containers listing: answers the studies visible now. */
  listed(containers: readonly Container[], self: string): ReadonlySet<string> {
    const ids = new Set(containers.map((c) => c.id));
    for (const c of containers) {
      if (!this.knownIds.has(c.id) && this.hadState && c.ownerId !== self) this.joining.add(c.id);
      this.knownIds.add(c.id);
    }
    this.hadState = true;
    for (const id of this.knownIds)
      if (!ids.has(id)) {
        this.knownIds.delete(id);
        this.joining.delete(id);
      }
    for (const id of this.wholeNext) if (!ids.has(id)) this.wholeNext.delete(id);
    this.order = containers.map((c) => c.id);
    return ids;
  }

  /** Whether this is the first listing of a study just shared (answered once). */
  joined(containerId: string): boolean {
    return this.joining.delete(containerId);
  }

  /** Its next listing is whole. */
  owe(containerId: string): void {
    this.wholeNext.add(containerId);
  }

  owes(containerId: string): boolean {
    return this.wholeNext.has(containerId);
  }

  get owesAny(): boolean {
    return this.wholeNext.size > 0;
  }

  /** A whole listing begins: answers whether one was owed (owed again if it fails: `owe`). */
  settle(containerId: string): boolean {
    return this.wholeNext.delete(containerId);
  }
}
