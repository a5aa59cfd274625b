// What the app keeps for receipts (AppContext.receipts): made with the app, closed with it.
import { UserFacingError } from '../../../shared/app-error.js';
import type { ReceiptReader } from '../../services/receipts/receipt-reader.js';
import type { ReceiptSender } from '../../services/receipts/receipt-sender.js';
import type { Session } from '../profiles/session.js';

/** One sender per profile (its queue outlives sessions), one reader per session (its cache). */
export class AppReceipts {
  private readonly senders = new Map<string, ReceiptSender>();
  /** The session each profile last received with: its receipts go out after a switch to another profile too. */
  readonly sessions = new Map<string, Session>();
  readonly readers = new WeakMap<Session, ReceiptReader>();
  private closed = false;
  /** Profiles removed from the app: their queue file is gone and stays gone. */
  private readonly forgotten = new Set<string>();

  /**
   * The profile's sender, made by `make` on first use. Once the app closed, or the profile was
   * removed, a clear error instead: what still runs then (a download's receipt settling late, a
   * call in flight) already ends in a catch, and nothing starts a timer or writes a queue file.
   */
  sender(profileId: string, make: () => ReceiptSender): ReceiptSender {
    if (this.closed)
      throw new UserFacingError(
        'closed',
        'The app is closing: receipts wait for its next start.',
        'Open the app again.',
      );
    if (this.forgotten.has(profileId))
      throw new UserFacingError('not-found', 'The profile was removed, and its receipts with it.', 'Choose a profile.');
    let sender = this.senders.get(profileId);
    if (!sender) this.senders.set(profileId, (sender = make()));
    return sender;
  }

  /** The session the profile received with (kept to send its receipts after a switch), while it may send. */
  receivedWith(profileId: string, session: Session): void {
    if (!this.closed && !this.forgotten.has(profileId)) this.sessions.set(profileId, session);
  }

  /** A profile removed: its sender stops (its queue written no more), its last session is let go. */
  async forget(profileId: string): Promise<void> {
    this.forgotten.add(profileId);
    const sender = this.senders.get(profileId);
    this.senders.delete(profileId);
    this.sessions.delete(profileId);
    sender?.close();
    await sender?.settled();
  }

  /** The app closes: every sender stops (its queue stays in its file for the next run). */
  async close(): Promise<void> {
    this.closed = true;
    const senders = [...this.senders.values()];
    this.senders.clear();
    this.sessions.clear();
    for (const s of senders) s.close();
    await Promise.all(senders.map((s) => s.settled()));
  }
}
