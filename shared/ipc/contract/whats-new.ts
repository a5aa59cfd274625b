// What's new: "Changes", what is New (unseen), main's shared refresh and the notices of
// arrivals. Spread into `operations` in contract.ts.
import { z } from 'zod';
import { folderPath, hexId, itemPath, none } from '../args.js';
import { answers, op } from '../op.js';
import type { ChangeView, StudyChangedEvent, UnseenView } from './whats-new-views.js';

export const whatsNewOperations = {
  /** "Changes": newest first, across all studies or one; at most `limit` (100 by default). */
  'changes.list': op(
    z.strictObject({ containerId: hexId.optional(), limit: z.number().int().min(1).max(1000).optional() }),
    answers<ChangeView[]>(),
  ),
  /** What is New in the profile's studies (persisted per profile). */
  'changes.unseen': op(none, answers<UnseenView>()),
  /**
   * Opening a row, or "Mark as seen" on a study or folder: clears New for these paths, or for
   * everything under folderPath ('' = the whole study). Answers what is New now.
   */
  'changes.markSeen': op(
    z.strictObject({
      containerId: hexId,
      itemPaths: z.array(itemPath).max(10_000).optional(),
      folderPath: folderPath.optional(),
    }),
    answers<UnseenView>(),
  ),
  /** The window is shown or hidden: main's refresh runs only while some window is visible. */
  'changes.setVisible': op(z.strictObject({ visible: z.boolean() }), answers<null>()),
  /**
   * The Refresh button: refresh this study (or every study) now rather than at the next interval.
   * `told`: the studies whose changes since main's previous listing were sent as `study.changed`
   * (found or not); a study listed for the first time is not among them.
   */
  'changes.refresh': op(z.strictObject({ containerId: hexId.optional() }), answers<{ told: string[] }>()),
} as const;

export interface WhatsNewEventPayloads {
  notification: { kind: 'success' | 'failure'; title: string; body: string };
  /** Main's shared refresh found changes in one study (the file list, Find and Changes follow it). */
  'study.changed': StudyChangedEvent;
  /** What is New changed (a refresh found some, or the user saw some). */
  'changes.unseen': UnseenView;
  /**
   * The browser host's desktop notification (Web Notifications; Electron's shell shows its own):
   * already batched and worded, names left out when the user hides them.
   */
  'changes.notify': { title: string; body: string; containerId: string; itemPaths: string[] };
  /** Bring the window forward and show these items (a notification was clicked). */
  reveal: { containerId: string; itemPaths: string[] };
}
