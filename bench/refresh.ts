// §4 Refresh: main's shared refresh (electron/core/whats-new/study-watch.ts) over 200 studies × 500
// items, after 20 items changed (each in another study): one containers listing and one `since`
// listing per study, 4 at once, the changed headers opened, the events made. A real session
// (its key in a real vault) against the bench's server; requests counted at the client's engine
// (every request goes through it, each retry included in its one call).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { probeStore } from '../server/test-support/store-probe.js';
import { sealedDocument } from '../electron/core/test-support/fixture-session.js';
import { openSession, type Session } from '../electron/core/profiles/session.js';
import { StudyWatch } from '../electron/core/whats-new/study-watch.js';
import { KeyVault } from '../electron/services/keys/key-vault.js';
import { PassphraseSecretBox } from '../electron/services/keys/secret-box.js';
import type { World } from './world.js';

export interface RefreshFigure {
  readonly studies: number;
  readonly itemsPerStudy: number;
  readonly changed: number;
  /** The first refresh of a session: every study listed whole (and its title read). */
  readonly firstMs: number;
  readonly firstRequests: number;
  /** A refresh after `changed` items changed: the figure the targets are about. */
  readonly refreshMs: number;
  readonly requests: number;
  /** User + system CPU of this (the client's) process during it. */
  readonly clientCpuMs: number;
  /** The most requests in flight at once during it. */
  readonly mostInFlight: number;
  /** Items the window was told about (`study.changed`), which must be the changed ones. */
  readonly reported: number;
  /** Main's heap after the first refresh, once collected: what the watcher keeps of 100,000 items. */
  readonly heapMb: number;
}

/** The heap in use once garbage is collected (the listings' answers are garbage by then). */
function heapAfterGc(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 1e6;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

async function benchSession(w: World): Promise<Session> {
  const vault = new KeyVault(path.join(w.dir, 'vault'), new PassphraseSecretBox('bench', { log2N: 14 }));
  const { keyRef } = await vault.importPem(w.org.keyPem, w.org.certPem);
  const now = new Date().toISOString();
  const profile = {
    id: hex(16),
    name: 'Bench IRB',
    environment: 'test' as const,
    baseUrl: w.org.url,
    organizationId: w.org.orgId,
    roleHints: { sirb: true },
    keyRef,
    createdAt: now,
    updatedAt: now,
  };
  return openSession(profile, vault, 'bench', () => undefined);
}

/** Counts the session client's requests, and the most at once. */
function countRequests(s: Session) {
  const engine = (s.client as unknown as { engine: { exchange: (spec: unknown) => Promise<unknown> } }).engine;
  const exchange = engine.exchange.bind(engine);
  const c = { requests: 0, inFlight: 0, most: 0 };
  engine.exchange = async (spec) => {
    c.requests++;
    c.most = Math.max(c.most, ++c.inFlight);
    try {
      return await exchange(spec);
    } finally {
      c.inFlight--;
    }
  };
  return {
    counts: c,
    reset: () => Object.assign(c, { requests: 0, inFlight: 0, most: 0 }),
  };
}

export async function runRefresh(
  w: World,
  studies: number,
  itemsPerStudy: number,
  changed: number,
  log: (line: string) => void,
): Promise<RefreshFigure> {
  log(`refresh: ${studies} studies × ${itemsPerStudy} items`);
  const ids = [w.org.containerId];
  while (ids.length < studies) ids.push((await w.client.createContainer()).id);
  // one sealed envelope for the bulk: sealing 100,000 keys would take minutes and measure nothing here
  const bulk = sealedDocument(w.org.certPem, 'visit-report.pdf');
  const probe = probeStore(w.store);
  try {
    for (const id of ids)
      await probe.insertItems(
        id,
        w.org.orgId,
        Array.from({ length: itemsPerStudy }, () => ({ ...bulk, path: `docs|${hex(16)}` })),
        Date.now() - 60_000,
      );
    const session = await benchSession(w);
    let reported = 0;
    const watch = new StudyWatch(session, {
      ...(process.env.BENCH_REFRESH_CONCURRENCY
        ? { timing: { concurrency: Number(process.env.BENCH_REFRESH_CONCURRENCY) } }
        : {}),
      file: path.join(w.dir, 'seen', 'bench.json'),
      emit: (event, payload) => {
        if (event === 'study.changed') reported += (payload as { changed: unknown[] }).changed.length;
      },
    });
    const counter = countRequests(session);
    try {
      let t = performance.now();
      await watch.refresh();
      const firstMs = performance.now() - t;
      const firstRequests = counter.counts.requests;
      const heapBefore = process.memoryUsage().heapUsed / 1e6;
      const heapMb = heapAfterGc();
      log(
        `refresh: first ${firstMs.toFixed(0)} ms, ${firstRequests} requests; heap ${heapBefore.toFixed(0)} MB, ${heapMb.toFixed(0)} MB after GC`,
      );
      // `changed` new documents, each in its own study, sealed each with its own key
      const step = Math.floor(studies / changed);
      for (let i = 0; i < changed; i++)
        await probe.insertItems(
          ids[i * step]!,
          w.org.orgId,
          [{ ...sealedDocument(w.org.certPem, `report-${i}.pdf`), path: `docs|${hex(16)}` }],
          Date.now(),
        );
      reported = 0;
      counter.reset();
      t = performance.now();
      const cpu = process.cpuUsage();
      await watch.refresh();
      const refreshMs = performance.now() - t;
      const used = process.cpuUsage(cpu);
      const clientCpuMs = (used.user + used.system) / 1000;
      const { requests, most } = counter.counts;
      log(
        `refresh: after ${changed} changed ${refreshMs.toFixed(0)} ms (client CPU ${clientCpuMs.toFixed(0)} ms), ${requests} requests, ${reported} reported`,
      );
      return {
        studies,
        itemsPerStudy,
        changed,
        firstMs,
        firstRequests,
        refreshMs,
        requests,
        clientCpuMs,
        mostInFlight: most,
        reported,
        heapMb,
      };
    } finally {
      watch.close();
      await watch.flush();
      session.close();
    }
  } finally {
    await probe.close();
  }
}
