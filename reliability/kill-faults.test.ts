// Kill faults: 200 uploads, deletes and grants, many at once, against the reference server
// as a child process, SIGKILLed at seeded points several times, on SQLite and on
// PostgreSQL. After every restart: each acknowledged write is present and decrypts to what
// was sent (or, for a delete, gone), an unacknowledged write is whole or absent, no orphan
// content (file or chunk rows), no upload left behind, SQLite's integrity_check ok.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContent, openItemKey, sealItem, unwrapKey, wrapKey } from '../shared/protocol/envelope.js';
import type { ItemWritePayload } from '../shared/types.js';
import { SignedClient } from '../server/test-support/signed-client.js';
import { probeStore, type StoreProbe } from '../server/test-support/stores.js';
import { createStoreCast, startChildServer, stopChild, type Cast, type ChildServer } from './support/cast.js';
import { seeded } from './support/prng.js';
import { recordSummary } from './support/results.js';
import { STORES } from '../server/test-support/stores.js';

describe.each(STORES)('on %s', (storeKind) => {
  const SEED = 0x9e3779b1;
  const OPERATIONS = 200;
  const KILLS = 4;
  // the campaign sends up to ~50 uploads of one organization at once, over the default cap of 4
  // concurrent uploads per organization (protocol.md §6), which would refuse them with 1018
  const SERVE = ['--max-uploads-per-org', '64'];

  type OpKind = 'upload' | 'delete' | 'grant';
  type Outcome = 'acknowledged' | 'refused' | 'unknown';

  /** What we know of one item path, from the answers we got. */
  interface Model {
    readonly path: string;
    readonly content: Buffer;
    readonly payload: ItemWritePayload;
    /** The upload was acknowledged (or found present after a kill). */
    uploaded: boolean;
    uploadUnknown: boolean;
    deleted: boolean;
    deleteUnknown: boolean;
    granted: boolean;
    grantUnknown: boolean;
    busy: boolean;
  }

  let cast: Cast;
  let probe: StoreProbe;
  let server: ChildServer | undefined;
  let client: SignedClient;
  let containerUrl = '';
  const models: Model[] = [];
  const stats = { operations: 0, kills: 0, acknowledged: 0, lost: 0, inFlightAtKill: 0 };
  const lostDetails: string[] = [];

  beforeAll(async () => {
    cast = await createStoreCast('kill', storeKind);
    probe = probeStore(cast.store);
    server = await startChildServer(cast.store, SERVE);
    client = new SignedClient(server.port);
    const c = await client.post(cast.sirb, '/containers', {});
    expect(c.status).toBe(201);
    containerUrl = c.json().url;
    expect(
      (await client.post(cast.sirb, `${containerUrl}/organizations`, { organizationId: cast.site.id })).status,
    ).toBe(200);
  });

  afterAll(async () => {
    await stopChild(server);
    await probe?.close();
    cast?.remove();
    recordSummary(
      `kill faults (${storeKind}): ${stats.operations} operations, ${stats.kills} kills, ${stats.acknowledged} acknowledged, ${stats.lost} lost`,
    );
  });

  async function restart(): Promise<void> {
    server = await startChildServer(cast.store, SERVE);
    client = new SignedClient(server.port);
  }

  async function kill(): Promise<void> {
    server!.child.kill('SIGKILL');
    const e = await server!.exited;
    expect(e.signal).toBe('SIGKILL');
    stats.kills++;
  }

  async function runOp(kind: OpKind, m: Model): Promise<Outcome> {
    const itemUrl = `${containerUrl}/items/${m.path}`;
    try {
      if (kind === 'upload') {
        const r = await client.put(cast.sirb, itemUrl, m.payload);
        if (r.status === 201) return 'acknowledged';
        throw new Error(`upload ${m.path}: ${r.status} ${r.text}`);
      }
      if (kind === 'delete') {
        const r = await client.delete(cast.sirb, itemUrl);
        if (r.status === 204) return 'acknowledged';
        throw new Error(`delete ${m.path}: ${r.status} ${r.text}`);
      }
      const siteKey = wrapKey(unwrapKey(m.payload.key, cast.sirb.keyPem), cast.site.certificatePem);
      const r = await client.post(cast.sirb, `${containerUrl}/permissions/${m.path}`, {
        organizationId: cast.site.id,
        key: siteKey,
      });
      if (r.status === 200) return 'acknowledged';
      throw new Error(`grant ${m.path}: ${r.status} ${r.text}`);
    } catch (e) {
      // the connection died with the server: we cannot know whether the write happened
      if ((e as NodeJS.ErrnoException).code !== undefined || /socket hang up|ECONNRESET|ECONNREFUSED/.test(String(e)))
        return 'unknown';
      throw e;
    }
  }

  function apply(kind: OpKind, m: Model, outcome: Outcome): void {
    if (outcome === 'acknowledged') stats.acknowledged++;
    if (outcome === 'unknown') stats.inFlightAtKill++;
    const known = outcome === 'acknowledged';
    if (kind === 'upload') {
      m.uploaded = known;
      m.uploadUnknown = !known;
    } else if (kind === 'delete') {
      m.deleted = known;
      m.deleteUnknown = !known;
    } else {
      m.granted = known;
      m.grantUnknown = !known;
    }
  }

  /** The next operation, chosen by the PRNG among what the model allows. */
  function chooseOp(rng: ReturnType<typeof seeded>, n: number): { kind: OpKind; m: Model } | undefined {
    const ready = models.filter((m) => !m.busy && m.uploaded && !m.deleted && !m.deleteUnknown);
    const roll = rng.next();
    if (ready.length > 0 && roll < 0.2) return { kind: 'delete', m: rng.pick(ready) };
    const grantable = ready.filter((m) => !m.granted && !m.grantUnknown);
    if (grantable.length > 0 && roll < 0.45) return { kind: 'grant', m: rng.pick(grantable) };
    const content = rng.bytes(rng.int(1, 24 * 1024));
    const m: Model = {
      path: `ops/o${n}`,
      content,
      payload: sealItem({ header: { type: 'study', version: 'IRBX.2' }, content }, cast.sirb.certificatePem),
      uploaded: false,
      uploadUnknown: false,
      deleted: false,
      deleteUnknown: false,
      granted: false,
      grantUnknown: false,
      busy: false,
    };
    models.push(m);
    return { kind: 'upload', m };
  }

  function lose(what: string): void {
    stats.lost++;
    lostDetails.push(what);
  }

  /** Checks every model against the served store and the files, and settles unknowns. */
  async function verify(): Promise<void> {
    expect(await probe.uploadsLeft()).toEqual([]);
    if (cast.store.dataDir !== undefined) {
      const db = new Database(join(cast.store.dataDir, 'exchange.sqlite'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
    }
    // no content without its item, no item without its whole content, no key without its item
    expect(await probe.storedContents()).toEqual(await probe.referencedContents());
    expect(await probe.orphanKeys()).toBe(0);
    for (const m of models) {
      const r = await client.get(cast.sirb, `${containerUrl}/content/${m.path}`);
      expect([200, 404], r.text).toContain(r.status);
      const present = r.status === 200;
      if (present) {
        // present means whole: it decrypts and matches what was sent, never half of it
        const item = r.json();
        const plain = openContent(item, openItemKey(item, cast.sirb.keyPem));
        expect(plain.equals(m.content), `${m.path} content`).toBe(true);
      }
      const shouldExist = m.uploaded && !m.deleted && !m.deleteUnknown;
      if (shouldExist && !present) lose(`${m.path}: acknowledged upload missing`);
      if (m.deleted && present) lose(`${m.path}: acknowledged delete undone`);
      if (!m.deleted && !m.uploaded && !m.uploadUnknown && present) lose(`${m.path}: never uploaded but present`);
      // settle what the kill left unknown
      if (m.uploadUnknown) {
        m.uploadUnknown = false;
        m.uploaded = present;
      }
      if (m.deleteUnknown) {
        m.deleteUnknown = false;
        m.deleted = !present;
      }
      if (present) {
        const s = await client.get(cast.site, `${containerUrl}/content/${m.path}`);
        expect([200, 404]).toContain(s.status);
        if (s.status === 200) {
          const item = s.json();
          expect(openContent(item, openItemKey(item, cast.site.keyPem)).equals(m.content)).toBe(true);
        }
        if (m.granted && s.status !== 200) lose(`${m.path}: acknowledged grant missing`);
        if (m.grantUnknown) {
          m.grantUnknown = false;
          m.granted = s.status === 200;
        }
      }
    }
  }

  describe('kill faults', () => {
    it(`${OPERATIONS} concurrent uploads, deletes and grants survive ${KILLS} SIGKILLs`, async () => {
      const rng = seeded(SEED);
      // phase sizes: KILLS killed phases, then one that runs to the end
      const cuts = Array.from({ length: KILLS }, () => rng.int(20, 50));
      const sizes = [...cuts, OPERATIONS - cuts.reduce((a, b) => a + b, 0)];
      expect(sizes.at(-1)).toBeGreaterThan(0);
      let n = 0;
      for (let phase = 0; phase < sizes.length; phase++) {
        const killed = phase < KILLS;
        // the kill comes after a seeded number of answers, while the rest are in flight
        const killAfter = killed ? rng.int(1, Math.max(1, Math.floor(sizes[phase]! / 2))) : Infinity;
        let answered = 0;
        let signalKill: () => void = () => undefined;
        const killPoint = new Promise<void>((resolve) => (signalKill = resolve));
        const running: Promise<void>[] = [];
        for (let i = 0; i < sizes[phase]!; i++) {
          const op = chooseOp(rng, n++);
          if (!op) continue;
          op.m.busy = true;
          stats.operations++;
          running.push(
            runOp(op.kind, op.m).then((outcome) => {
              apply(op.kind, op.m, outcome);
              op.m.busy = false;
              if (++answered >= killAfter) signalKill();
            }),
          );
        }
        if (killed) {
          await Promise.race([killPoint, Promise.all(running)]);
          await kill();
          await Promise.all(running);
          await restart();
        } else {
          await Promise.all(running);
        }
        await verify();
      }
      expect(stats.kills).toBe(KILLS);
      expect(stats.operations).toBe(OPERATIONS);
      expect(stats.acknowledged).toBeGreaterThan(OPERATIONS / 2);
      // the kills really landed among requests in flight
      expect(stats.inFlightAtKill).toBeGreaterThan(KILLS);
      expect(lostDetails).toEqual([]);
      expect(stats.lost).toBe(0);
    });
  });
});
