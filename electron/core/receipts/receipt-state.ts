// What the app keeps for receipts (AppContext.receipts): made with the app, closed with it.
import type { ReceiptReader } from '../../services/receipts/receipt-reader.js';
import type { ReceiptSender } from '../../services/receipts/receipt-sender.js';
import type { Session } from '../profiles/session.js';

/** One sender per profile (its queue outlives sessions), one reader per session (its cache). */
export class AppReceipts {
  readonly senders = new Map<string, ReceiptSender>();
  /** The session each profile last received with: its receipts go out after a switch to another profile too. */
  readonly sessions = new Map<string, Session>();
  readonly readers = new WeakMap<Session, ReceiptReader>();

  /** The app closes: every sender stops (its queue stays in its file for the next run). */
  async close(): Promise<void> {
    const senders = [...this.senders.values()];
    this.senders.clear();
    this.sessions.clear();
    for (const s of senders) s.close();
    await Promise.all(senders.map((s) => s.settled()));
  }
}
