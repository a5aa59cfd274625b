// The certificate watch's schedule: a check when asked (a session opening), then one every few
// hours for the profile active at that moment; one check per profile at a time; each answer kept
// and sent as an event; a failed check neither keeps an answer nor stops the schedule.
import { describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { CHECK_EVERY_MS, CertificateWatch, type CertificateNotices } from './certificate-watch.js';

function setup() {
  const checks: { profileId: string; finish: (n: CertificateNotices) => void; fail: (e: Error) => void }[] = [];
  const events: EventPayloads['certificates.changed'][] = [];
  const timer: { ms?: number; tick?: () => void; stopped: boolean } = { stopped: false };
  let active: string | undefined = 'p1';
  const watch = new CertificateWatch({
    check: (profileId) => new Promise<CertificateNotices>((finish, fail) => checks.push({ profileId, finish, fail })),
    emit: (_event, payload) => events.push(payload),
    activeProfileId: () => active,
    every: (ms, tick) => {
      Object.assign(timer, { ms, tick });
      return () => (timer.stopped = true);
    },
  });
  return { watch, checks, events, timer, activate: (id: string | undefined) => (active = id) };
}

const notices = (name: string): CertificateNotices => ({
  changes: [{ organizationId: 'o', name, oldThumbprint: 'aa', grantCount: 1, studyCount: 1 }],
  expiring: [],
});
const flush = () => new Promise((r) => setImmediate(r));

describe('CertificateWatch', () => {
  it('checks every few hours for the profile active then, keeping and sending each answer', async () => {
    const { watch, checks, events, timer, activate } = setup();
    watch.start();
    expect(timer.ms).toBe(CHECK_EVERY_MS);
    expect(CHECK_EVERY_MS).toBeLessThanOrEqual(6 * 60 * 60 * 1000);
    expect(checks).toHaveLength(0);
    timer.tick!();
    expect(checks.map((c) => c.profileId)).toEqual(['p1']);
    checks[0]!.finish(notices('Riverside'));
    await flush();
    expect(events).toEqual([{ profileId: 'p1', ...notices('Riverside') }]);
    expect(await watch.current('p1')).toEqual(notices('Riverside'));
    expect(checks).toHaveLength(1);

    activate('p2');
    timer.tick!();
    activate(undefined);
    timer.tick!();
    expect(checks.map((c) => c.profileId)).toEqual(['p1', 'p2']);
    watch.stop();
    expect(timer.stopped).toBe(true);
  });

  it('joins a check already running, and runs another after it when asked for a fresh one', async () => {
    const { watch, checks, events } = setup();
    const first = watch.check('p1');
    const joined = watch.check('p1');
    const fresh = watch.check('p1', { after: true });
    expect(checks).toHaveLength(1);
    checks[0]!.finish(notices('before'));
    expect(await first).toEqual(notices('before'));
    expect(await joined).toEqual(notices('before'));
    await flush();
    expect(checks).toHaveLength(2);
    checks[1]!.finish(notices('after'));
    expect(await fresh).toEqual(notices('after'));
    expect(events.map((e) => e.changes[0]!.name)).toEqual(['before', 'after']);
    expect(await watch.current('p1')).toEqual(notices('after'));
  });

  it('keeps no answer from a failed check and checks again on the next tick', async () => {
    const { watch, checks, events, timer } = setup();
    watch.start();
    timer.tick!();
    checks[0]!.fail(new Error('offline'));
    await flush();
    expect(events).toEqual([]);
    // Nothing kept: asking for the current answer checks again.
    const current = watch.current('p1');
    expect(checks).toHaveLength(2);
    checks[1]!.finish(notices('back'));
    expect(await current).toEqual(notices('back'));
    timer.tick!();
    expect(checks).toHaveLength(3);
  });

  it('forgets a removed profile only once its check under way ended, keeping nothing of it', async () => {
    const { watch, checks } = setup();
    void watch.check('p1');
    let forgotten = false;
    const forgetting = watch.forget('p1').then(() => (forgotten = true));
    await flush();
    // Its files are deleted after this settles: the check under way must not write them again.
    expect(forgotten).toBe(false);
    checks[0]!.finish(notices('Riverside'));
    await forgetting;
    void watch.current('p1');
    expect(checks).toHaveLength(2);
  });
});
