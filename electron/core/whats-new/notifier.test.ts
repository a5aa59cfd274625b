// The notifier on batches of the refresh's shape, with the batching window's timer in the test's
// hand: what is notified, how it is worded, and what never is.
import { describe, expect, it } from 'vitest';
import type { ArrivalBatch } from './study-watch.js';
import { Notifier, type Schedule } from './notifier.js';
import { MAX_NOTIFIED_BODY, type DesktopNotification } from './wording.js';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

function harness(settings = { notifications: true, notificationsHideNames: false }) {
  const sent: DesktopNotification[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const schedule: Schedule = (run, ms) => {
    const t = { run, ms, cancelled: false };
    timers.push(t);
    return () => void (t.cancelled = true);
  };
  const notifier = new Notifier({
    settings: async () => settings,
    sink: (n) => sent.push(n),
    schedule,
  });
  /** The window's timer fires (as setTimeout would), and its notifications are out. */
  const elapse = async () => {
    const live = timers.filter((t) => !t.cancelled);
    for (const t of live) {
      t.cancelled = true;
      t.run();
    }
    await notifier.flush();
  };
  return { notifier, sent, timers, elapse, settings };
}

const doc = (itemPath: string, name: string, byName = 'Riverside Medical Center') => ({ itemPath, name, byName });
const batch = (containerId: string, studyTitle: string, items: ArrivalBatch['items'], joined = false) => ({
  containerId,
  studyTitle,
  joined,
  items,
});

describe('the notifier', () => {
  it('gathers arrivals over one window: nothing before it ends, then one line for the study', async () => {
    const { notifier, sent, timers, elapse } = harness();
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/1', 'consent.pdf'), doc('x/2', 'brochure.pdf')]));
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/3', 'packet.pdf', 'Lakeside University')]));
    // the same document again (changed twice in the window) counts once
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/1', 'consent.pdf')]));
    expect(timers).toHaveLength(1);
    await Promise.resolve();
    expect(sent).toEqual([]);
    await elapse();
    expect(sent).toEqual([
      {
        title: '3 new documents in Protocol 2025-031',
        body: 'From Riverside Medical Center, Lakeside University: consent.pdf, brochure.pdf, packet.pdf',
        containerId: A,
        itemPaths: ['x/1', 'x/2', 'x/3'],
      },
    ]);
    // the next arrival opens a new window
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/4', 'letter.pdf')]));
    expect(timers.filter((t) => !t.cancelled)).toHaveLength(1);
  });

  it('several studies are one notification; one document is named with its sender', async () => {
    const { notifier, sent, elapse } = harness();
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/1', 'a.pdf'), doc('x/2', 'b.pdf'), doc('x/3', 'c.pdf')]));
    notifier.add(batch(B, 'Registry study', [doc('y/1', 'd.pdf'), doc('y/2', 'e.pdf')]));
    await elapse();
    expect(sent).toEqual([
      {
        title: '5 new documents in 2 studies',
        body: 'Protocol 2025-031 (3), Registry study (2)',
        containerId: A,
        itemPaths: ['x/1', 'x/2', 'x/3'],
      },
    ]);
    notifier.add(batch(B, 'Registry study', [doc('y/3', 'site-activation.pdf')]));
    await elapse();
    expect(sent[1]).toEqual({
      title: 'New document in Registry study',
      body: 'site-activation.pdf from Riverside Medical Center',
      containerId: B,
      itemPaths: ['y/3'],
    });
  });

  it('with names hidden: only the count, no study, document or sender', async () => {
    const { notifier, sent, elapse } = harness({ notifications: true, notificationsHideNames: true });
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/1', 'a.pdf'), doc('x/2', 'b.pdf')]));
    notifier.add(batch(B, 'Registry study', [doc('y/1', 'd.pdf')]));
    notifier.add(batch('c'.repeat(32), 'Secret trial', [], true));
    await elapse();
    expect(sent.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'A study was shared with you', body: '' },
      { title: '3 new documents', body: '' },
    ]);
    const shown = JSON.stringify(sent.map(({ title, body }) => [title, body]));
    for (const name of ['Protocol', 'Registry', 'Secret', 'a.pdf', 'Riverside']) expect(shown).not.toContain(name);
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/9', 'z.pdf')]));
    await elapse();
    expect(sent[2]).toMatchObject({ title: '1 new document', body: '' });
  });

  it('a study newly shared with us is one line, without its first listing’s documents', async () => {
    const { notifier, sent, elapse } = harness();
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/1', 'a.pdf'), doc('x/2', 'b.pdf')], true));
    await elapse();
    expect(sent).toEqual([{ title: 'Protocol 2025-031 was shared with you', body: '', containerId: A, itemPaths: [] }]);
    notifier.add(batch(A, 'Protocol 2025-031', [], true));
    notifier.add(batch(B, 'Registry study', [], true));
    await elapse();
    expect(sent[1]).toMatchObject({
      title: '2 studies were shared with you',
      body: 'Protocol 2025-031, Registry study',
    });
  });

  it('nothing while notifications are off, and what arrived then is not told later', async () => {
    const { notifier, sent, elapse, settings } = harness({ notifications: false, notificationsHideNames: false });
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/1', 'a.pdf')]));
    notifier.add(batch(B, 'Registry study', [], true));
    await elapse();
    settings.notifications = true;
    await elapse();
    expect(sent).toEqual([]);
  });

  it('a batch with no documents (and not joined) starts no window', async () => {
    const { notifier, sent, timers, elapse } = harness();
    notifier.add(batch(A, 'Protocol 2025-031', []));
    expect(timers).toHaveLength(0);
    await elapse();
    expect(sent).toEqual([]);
  });

  it('hostile names are cleaned and cut: no bidi overrides, control characters or line breaks, bounded', async () => {
    const { notifier, sent, elapse } = harness();
    const RLO = '\u202e';
    notifier.add(
      batch(A, `Study${RLO}\n\u0007${'T'.repeat(5000)}`, [
        doc('x/1', `invoice${RLO}fdp.exe\r\n${'n'.repeat(10_000)}.pdf`, `Evil\u200b Org\n${'O'.repeat(3000)}`),
      ]),
    );
    await elapse();
    const [n] = sent;
    for (const text of [n!.title, n!.body]) {
      for (const ch of ['\u202e', '\u200b', '\u0007', '\r', '\n']) expect(text).not.toContain(ch);
      expect(text.length).toBeLessThanOrEqual(MAX_NOTIFIED_BODY);
    }
    expect(n!.title).toMatch(/^New document in Study T+…$/);
    expect(n!.body).toMatch(/^invoicefdp\.exen+… from Evil Org O+…$/);
  });

  it('clear() drops what gathered (a profile switch): nothing is told', async () => {
    const { notifier, sent, elapse } = harness();
    notifier.add(batch(A, 'Protocol 2025-031', [doc('x/1', 'a.pdf')]));
    notifier.clear();
    await elapse();
    expect(sent).toEqual([]);
  });
});
