// When the shared refresh runs, driven by a test timer and clock (never by waiting): at once when
// a window shows, then every interval with `since`, whole every few minutes, nothing while hidden,
// less and less often while the exchange cannot be reached, and a few studies at once.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import type { AppContext } from '../app-context.js';
import { appHandlers } from '../app/app-handlers.js';
import type { Session } from '../profiles/session.js';
import { SettingsStore } from '../settings/settings-store.js';
import { fillStudy, fixtureSession } from '../test-support/fixture-session.js';
import { StudyWatch, type SetTimer } from './study-watch.js';
import { WatchGate } from './watch-gate.js';

let fx: ExchangeFixture;
let dir: string;
let session: Session;
const studies: string[] = [];

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'watch-schedule-'));
  session = await fixtureSession(fx, fx.sirb, join(dir, 'sirb'));
  for (let i = 0; i < 10; i++) studies.push((await fx.sirb.client.createContainer()).id);
  // one item each: every study has a newest item to ask `since`
  for (const id of studies)
    await fillStudy(
      fx,
      fx.sirb,
      id,
      1,
      () => 'docs',
      () => 'a.pdf',
    );
}, 60_000);

afterAll(async () => {
  session?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The one timer a watcher keeps, fired by the test; `next` settles with the wait of the next one set. */
function testTimer() {
  let pending: { fn: () => void; ms: number } | undefined;
  const waiting: ((ms: number) => void)[] = [];
  const setTimer: SetTimer = (fn, ms) => {
    const t = { fn, ms };
    pending = t;
    for (const w of waiting.splice(0)) w(ms);
    return () => {
      if (pending === t) pending = undefined;
    };
  };
  return {
    setTimer,
    pending: () => pending?.ms,
    /** Fires the pending timer (a refresh) and settles with the wait of the one set after it. */
    fire(): Promise<number> {
      const next = new Promise<number>((resolve) => waiting.push(resolve));
      const t = pending!;
      pending = undefined;
      t.fn();
      return next;
    },
  };
}

/** How each study was listed, in order: whole or since. */
function countListings(s: Session): {
  kinds: (id: string) => string[];
  count: () => number;
  since: (from: number) => { whole: number; since: number };
  restore: () => void;
} {
  const asked: { id: string; kind: string }[] = [];
  const list = s.client.listItems.bind(s.client);
  s.client.listItems = ((containerId, path, options = {}) => {
    if (options.recurse) asked.push({ id: containerId, kind: options.since ? 'since' : 'whole' });
    return list(containerId, path, options);
  }) as typeof s.client.listItems;
  return {
    kinds: (id) => asked.filter((a) => a.id === id).map((a) => a.kind),
    count: () => asked.length,
    /** Of this file's studies, how many were listed whole and how many `since` after the `from`th listing. */
    since: (from) => {
      const these = asked.slice(from).filter((a) => studies.includes(a.id));
      return {
        whole: these.filter((a) => a.kind === 'whole').length,
        since: these.filter((a) => a.kind === 'since').length,
      };
    },
    restore: () => void (s.client.listItems = list),
  };
}

/** A watcher on the test's clock and timer, its gate closed until the test shows a window. */
function timedWatch(at: number, timing: { intervalMs: number; wholeMs: number; hiddenIntervalMs?: number }) {
  const clock = { now: at };
  const timer = testTimer();
  const gate = new WatchGate();
  const w = new StudyWatch(session, { gate, now: () => clock.now, setTimer: timer.setTimer, timing });
  return { w, clock, timer, gate };
}

describe('the refresh schedule', () => {
  it('runs at once when a window shows, every interval with since, whole every few minutes, never while hidden', async () => {
    const counted = countListings(session);
    const { w, clock, timer, gate } = timedWatch(1_000_000, { intervalMs: 30_000, wholeMs: 300_000 });
    try {
      w.start();
      expect(timer.pending()).toBeUndefined(); // no window visible yet: nothing scheduled
      gate.setVisible(true);
      expect(timer.pending()).toBe(0);
      expect(await timer.fire()).toBe(30_000);
      const study = studies[0]!;
      expect(counted.kinds(study)).toEqual(['whole']);
      // the first study's whole listing comes again 5 minutes after its first (the others' in between)
      for (let i = 0; i < 10; i++) {
        clock.now += 30_000;
        await timer.fire();
      }
      expect(counted.kinds(study)).toEqual(['whole', ...Array.from({ length: 9 }, () => 'since'), 'whole']);

      // hidden: the timer is gone, and nothing is listed however long it stays hidden
      gate.setVisible(false);
      expect(timer.pending()).toBeUndefined();
      const before = counted.kinds(study).length;
      clock.now += 10 * 60_000;
      expect(counted.kinds(study)).toHaveLength(before);
      // shown again after more than an interval: at once; shown again soon after a refresh: the rest of the interval
      gate.setVisible(true);
      expect(timer.pending()).toBe(0);
      await timer.fire();
      gate.setVisible(false);
      clock.now += 10_000;
      gate.setVisible(true);
      expect(timer.pending()).toBe(20_000);

      // the Refresh button runs one now, and the next waits a whole interval from it
      await w.refresh();
      expect(counted.kinds(study)).toHaveLength(before + 2);
      expect(timer.pending()).toBe(30_000);
    } finally {
      w.close();
      counted.restore();
    }
  }, 60_000);

  it('while hidden refreshes only with notifications on, at the slow cadence, and at the normal one when shown', async () => {
    const counted = countListings(session);
    const { w, clock, timer, gate } = timedWatch(1_000_000, {
      intervalMs: 30_000,
      wholeMs: 300_000,
      hiddenIntervalMs: 300_000,
    });
    try {
      w.start();
      gate.setVisible(true);
      await timer.fire();
      const study = studies[0]!;
      // hidden, notifications off: paused
      gate.setVisible(false);
      expect(timer.pending()).toBeUndefined();
      // notifications on: the next round comes at the slow cadence, from the last
      clock.now += 10_000;
      gate.setNotifying(true);
      expect(timer.pending()).toBe(290_000);
      clock.now += 290_000;
      const before = counted.kinds(study).length;
      expect(await timer.fire()).toBe(300_000);
      expect(counted.kinds(study)).toHaveLength(before + 1);
      // one listing per study per slow round: whole listings as planned (every wholeMs), never more often
      const from = counted.count();
      for (let i = 0; i < 3; i++) {
        clock.now += 300_000;
        expect(await timer.fire()).toBe(300_000);
      }
      const { whole, since } = counted.since(from);
      expect(whole + since).toBe(3 * studies.length);
      // shown: the normal cadence again, at once after a slow wait
      clock.now += 100_000;
      gate.setVisible(true);
      expect(timer.pending()).toBe(0);
      expect(await timer.fire()).toBe(30_000);
      // hidden with notifications turned off: paused again
      gate.setVisible(false);
      gate.setNotifying(false);
      expect(timer.pending()).toBeUndefined();
    } finally {
      w.close();
      counted.restore();
    }
  }, 60_000);

  it('spreads the whole listings over the rounds: each study whole once per wholeMs, a round lists its share', async () => {
    const counted = countListings(session);
    // 150 s between a study's whole listings, a round every 30 s: 5 rounds, 2 of the 10 studies whole in each
    const { w, clock, timer, gate } = timedWatch(5_000_000, { intervalMs: 30_000, wholeMs: 150_000 });
    const round = async () => {
      const from = counted.count();
      await timer.fire();
      return counted.since(from);
    };
    try {
      w.start();
      gate.setVisible(true);
      expect(await round()).toEqual({ whole: 10, since: 0 }); // the first listing of each is whole
      const rounds: { whole: number; since: number }[] = [];
      for (let i = 0; i < 10; i++) {
        clock.now += 30_000;
        rounds.push(await round());
      }
      expect(rounds).toEqual(Array.from({ length: 10 }, () => ({ whole: 2, since: 8 })));
      // each study whole once every 5 rounds
      for (const id of studies) expect(counted.kinds(id).filter((k) => k === 'whole')).toHaveLength(3);
      // hidden for an hour: every study is due, yet a round lists only its share whole, the longest due first
      gate.setVisible(false);
      clock.now += 3_600_000;
      gate.setVisible(true);
      const after: { whole: number; since: number }[] = [await round()];
      for (let i = 0; i < 4; i++) {
        clock.now += 30_000;
        after.push(await round());
      }
      expect(after).toEqual(Array.from({ length: 5 }, () => ({ whole: 2, since: 8 })));
      for (const id of studies) expect(counted.kinds(id).filter((k) => k === 'whole')).toHaveLength(4);
    } finally {
      w.close();
      counted.restore();
    }
  }, 60_000);

  it("a study refreshed while a round is under way is listed whole after, not settled by that round's since", async () => {
    const counted = countListings(session);
    const w = new StudyWatch(session, { timing: { concurrency: 1 } });
    const [held, refreshed] = [studies[0]!, studies[1]!];
    try {
      await w.refresh(); // every study listed whole
      const list = session.client.listItems;
      let reached!: () => void;
      const reachedHeld = new Promise<void>((resolve) => (reached = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // the round's listing of the first study waits until the second is refreshed
      session.client.listItems = (async (containerId, path, options) => {
        if (containerId === held && options?.since) {
          reached();
          await released;
        }
        return list(containerId, path, options);
      }) as typeof list;
      const round = w.refresh();
      await reachedHeld;
      const pressed = counted.kinds(refreshed).length;
      const button = w.refresh(refreshed);
      release();
      await Promise.all([round, button]);
      // a whole listing begun after the button (in that round, or in one after it)
      expect(counted.kinds(refreshed).slice(pressed)).toContain('whole');
    } finally {
      w.close();
      counted.restore();
    }
  }, 60_000);

  it('runs while any window is visible, for the active profile only', () => {
    let active = 'p1';
    const gate = new WatchGate(() => active);
    gate.setVisible(true, 'window-1');
    gate.setVisible(true, 'window-2');
    gate.setVisible(false, 'window-1');
    expect(gate.isOpen('p1')).toBe(true);
    expect(gate.isOpen('p2')).toBe(false);
    active = 'p2';
    expect(gate.isOpen('p2')).toBe(true);
    // the last visible window closed without saying it was hidden
    gate.forget('window-2');
    expect(gate.isOpen('p2')).toBe(false);
  });

  it('follows the Settings notifications switch: hidden, it runs slowly while they are on', async () => {
    const gate = new WatchGate(() => 'p1');
    let changes = 0;
    gate.onChange(() => changes++);
    const settings = new SettingsStore(join(dir, 'settings-switch'));
    await mkdir(join(dir, 'settings-switch'), { recursive: true });
    const ctx = {
      settings,
      watchGate: gate,
      activeProfileId: () => 'p1',
      session: () => Promise.reject(new Error('none')),
    };
    const update = appHandlers(ctx as unknown as AppContext)['settings.update'];
    expect(gate.cadence('p1')).toBeUndefined();
    await update({ notifications: true }, undefined);
    expect([gate.cadence('p1'), gate.cadence('p2'), changes]).toEqual(['hidden', undefined, 1]);
    gate.setVisible(true);
    expect(gate.cadence('p1')).toBe('shown');
    await update({ notifications: false }, undefined); // while shown: nothing to start or pause
    expect(changes).toBe(2);
    gate.setVisible(false);
    expect(gate.cadence('p1')).toBeUndefined();
  });

  it('waits longer after each failure while the exchange cannot be reached, up to a limit', async () => {
    // an address where nothing answers: a real connection refused
    const down = await fixtureSession(fx, fx.sirb, join(dir, 'down'), 'http://127.0.0.1:9');
    const timer = testTimer();
    const gate = new WatchGate();
    gate.setVisible(true);
    const w = new StudyWatch(down, {
      gate,
      setTimer: timer.setTimer,
      timing: { intervalMs: 30_000, backoffMaxMs: 200_000 },
    });
    try {
      w.start();
      expect(timer.pending()).toBe(0);
      expect(await timer.fire()).toBe(60_000);
      expect(await timer.fire()).toBe(120_000);
      expect(await timer.fire()).toBe(200_000);
      expect(await timer.fire()).toBe(200_000);
      // the Refresh button says why
      await expect(w.refresh()).rejects.toMatchObject({ name: 'NetworkError' });
    } finally {
      w.close();
      down.close();
    }
  }, 120_000);

  it('lists at most `concurrency` studies at once', async () => {
    const w = new StudyWatch(session, { timing: { concurrency: 4 } });
    const list = session.client.listItems.bind(session.client);
    let inFlight = 0;
    let started = 0;
    let most = 0;
    const release: (() => void)[] = [];
    // each listing is held until four are in flight (or every study has started): more at once would show
    session.client.listItems = (async (containerId, path, options) => {
      if (!options?.recurse) return list(containerId, path, options); // a study record read
      inFlight++;
      started++;
      most = Math.max(most, inFlight);
      if (inFlight >= 4 || started === studies.length) for (const r of release.splice(0)) r();
      else await new Promise<void>((resolve) => release.push(resolve));
      try {
        return await list(containerId, path, options);
      } finally {
        inFlight--;
      }
    }) as typeof session.client.listItems;
    try {
      await w.refresh();
      expect(started).toBe(studies.length);
      expect(most).toBe(4);
      expect(w.listed().map((s) => s.id)).toEqual(expect.arrayContaining(studies));
    } finally {
      session.client.listItems = list;
      w.close();
    }
  }, 60_000);
});
