// A news hook as the refresh calls it, between the refresh and the real hook: it counts which
// records it is handed and, when asked, cuts the exchange off for the check (the listing that
// found the records went through), so the check's requests are reset, as when the network drops
// between two requests. The cut ends with the check, whatever the check does.
import { toPipeForm } from '../../../../shared/item-path.js';
import type { ExchangeFixture } from '../../../services/test-support/exchange-fixture.js';
import type { RecordHook } from '../../whats-new/record-news.js';

export class CheckCut {
  private readonly handed = new Map<string, number>();
  private cutNext = false;

  /** `fx` started `cuttable`. */
  constructor(private readonly fx: ExchangeFixture) {}

  /** The next check finds the exchange cut off. */
  cutNextCheck(): void {
    this.cutNext = true;
  }

  /** A cut asked for but not used (no check ran): gone, so it cannot hit the next test. */
  clear(): void {
    this.cutNext = false;
  }

  /** How many times the record (either form) was handed to the hook. */
  timesHanded(recordId: string): number {
    return this.handed.get(toPipeForm(recordId)) ?? 0;
  }

  wrap(hook: RecordHook): RecordHook {
    const tell: RecordHook['tell'] = async (s, news) => {
      for (const id of news.recordIds) this.handed.set(id, this.timesHanded(id) + 1);
      if (!this.cutNext) return hook.tell(s, news);
      this.cutNext = false;
      this.fx.cut();
      try {
        return await hook.tell(s, news);
      } finally {
        this.fx.uncut();
      }
    };
    return { wants: hook.wants, tell };
  }
}
