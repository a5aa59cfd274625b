// Downloads whose clients stop reading hold what the server streams them from (on
// PostgreSQL a connection in a read snapshot) for as long as the client lets them. Many of
// them must not take what every other request needs: a small signed GET and an upload are
// still served, a download beyond the streaming reads' share is refused as busy (1018,
// Retry-After) rather than left waiting, another organization's downloads and listings are
// served (one organization holds at most half the streaming reads), and once the stalled
// clients go, so do their holds.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES } from '../test-support/stores.js';
import { payloadFor, createWorld, type World } from '../test-support/world.js';

/** More than the PostgreSQL store's pool of 20 connections, and its 10 for streaming reads. */
const STALLED = 25;
/** Far more than loopback socket buffers take, so a download that is not read stalls. */
const CONTENT_BYTES = 24 * 1024 * 1024;

interface Stalled {
  readonly socket: Socket;
  /** The answer's status line and headers, and the start of its body. */
  readonly start: string;
}

/** Sends the request and reads only the start of the answer (all of a short one); then reads nothing more. */
function stalledRequest(
  port: number,
  r: { method: string; path: string; headers: Record<string, string | number | null> },
): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const head = Object.entries(r.headers)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`${r.method} ${r.path} HTTP/1.1\r\n${head}\r\n`);
    let start = '';
    const onReadable = (): void => {
      for (let chunk: Buffer | null; (chunk = socket.read() as Buffer | null) !== null;)
        start += chunk.toString('latin1');
      const headEnd = start.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(start)?.[1] ?? NaN);
      // a 200 stops here (its body is far larger than what was read); an error answer is read whole
      if (start.startsWith('HTTP/1.1 200') || start.length >= headEnd + 4 + length) {
        socket.off('readable', onReadable);
        resolve({ socket, start });
      }
    };
    socket.on('readable', onReadable);
    socket.on('error', reject);
  });
}

describe.each(STORES)('on %s', (storeKind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld({ storeKind });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  it(`${STALLED} downloads that read nothing leave small requests, uploads and another organization's downloads served, and the extra ones are refused as busy`, async () => {
    const container = (await w.client.post(w.sirb, '/containers', {})).json<{ url: string }>().url;
    const big = payloadFor(w.sirb, randomBytes(CONTENT_BYTES), 'document');
    const note = payloadFor(w.sirb, Buffer.from('written while downloads stall'));
    expect((await w.client.put(w.sirb, `${container}/items/big`, big)).status).toBe(201);
    // another organization's own container and item, read while the first one's downloads stall
    const theirs = (await w.client.post(w.sirb2, '/containers', {})).json<{ url: string }>().url;
    const theirItem = payloadFor(w.sirb2, randomBytes(256 * 1024), 'document');
    expect((await w.client.put(w.sirb2, `${theirs}/items/report`, theirItem)).status).toBe(201);

    const stalled = await Promise.all(
      Array.from({ length: STALLED }, () =>
        stalledRequest(w.server.port, w.client.signed(w.sirb, { method: 'GET', path: `${container}/content/big` })),
      ),
    );
    try {
      // every download has its answer: a 200 whose body stalls, or a busy refusal to try again later
      const streaming = stalled.filter((s) => s.start.startsWith('HTTP/1.1 200'));
      expect(streaming.length).toBeGreaterThan(0);
      for (const s of stalled.filter((x) => !streaming.includes(x))) {
        expect(s.start).toMatch(/^HTTP\/1\.1 503 /);
        expect(s.start).toMatch(/\r\nretry-after: \d+\r\n/i);
        expect(s.start).toContain('"code":1018');
      }
      // while they stall, a small signed read and an upload are served
      const small = await w.client.get(w.sirb, container);
      expect(small.status, small.text).toBe(200);
      const put = await w.client.put(w.sirb, `${container}/items/note`, note);
      expect(put.status, put.text).toBe(201);
      // and the stalling organization cannot take another organization's downloads and listings: served at once, not busy
      const download = await w.client.get(w.sirb2, `${theirs}/content/report`);
      expect(download.status, download.text.slice(0, 200)).toBe(200);
      expect(download.json<{ content: string }>().content).toBe(theirItem.content);
      const listing = await w.client.get(w.sirb2, `${theirs}/items?recurse=true`);
      expect(listing.status, listing.text.slice(0, 200)).toBe(200);
      expect(listing.json<{ id: string }[]>().map((i) => i.id)).toEqual(['report']);
    } finally {
      for (const s of stalled) s.socket.destroy();
    }

    // the stalled clients are gone: what they held is free again (a busy answer is tried again, as a client does)
    let got = await w.client.get(w.sirb, `${container}/content/big`);
    for (let tries = 0; got.status === 503 && tries < 20; tries++) {
      await new Promise((r) => setTimeout(r, 250));
      got = await w.client.get(w.sirb, `${container}/content/big`);
    }
    expect(got.status, got.text.slice(0, 200)).toBe(200);
    expect(got.json<{ content: string }>().content).toBe(big.content);
    expect((await w.client.get(w.sirb, `${container}/content/note`)).json<{ contentHash: string }>().contentHash).toBe(
      note.contentHash,
    );
    // and no read of theirs is left open (on PostgreSQL: no transaction on a connection left half read)
    await expect.poll(() => w.probe.readOpen(), { timeout: 10_000 }).toBe(false);
  }, 120_000);
});
