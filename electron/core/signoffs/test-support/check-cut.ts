// A news hook as the refresh calls it, between the refresh and the real hook: it counts which
// records it is handed and, when asked, stops the exchange just before the check (the listing
// that found the records went through), so the check finds nothing listening, as when the
// network drops between two requests. The test starts the exchange again (`fx.restart()`).
import { toPipeForm } from '../../../../shared/item-path.js';
import type { ExchangeFixture } from '../../../services/test-support/exchange-fixture.js';
import type { RecordHook } from '../../whats-new/record-news.js';

export class CheckCut {
  private readonly handed = new Map<string, number>();
  private cutNext = false;

  constructor(private readonly fx: ExchangeFixture) {}

  /** The next check finds the exchange stopped. */
  cutNextCheck(): void {
    this.cutNext = true;
  }

  /** How many times the record (either form) was handed to the hook. */
  timesHanded(recordId: string): number {
    return this.handed.get(toPipeForm(recordId)) ?? 0;
  }

  wrap(hook: RecordHook): RecordHook {
    const tell: RecordHook['tell'] = async (s, news) => {
      for (const id of news.recordIds) this.handed.set(id, this.timesHanded(id) + 1);
      if (this.cutNext) {
        this.cutNext = false;
        await this.fx.stop();
      }
      return hook.tell(s, news);
    };
    return { wants: hook.wants, tell };
  }
}
