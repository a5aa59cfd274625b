// A loopback TCP proxy between a server and PostgreSQL that fails on cue: it freezes (forwards
// nothing either way and closes nothing, as a partitioned network or a frozen host), or it
// resets the connection that commits a given write next, before or after passing the commit on.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** A simple-query message of COMMIT as node-postgres sends it: 'Q', length 11, the text and its NUL. */
const simpleQuery = (text: string): Buffer => {
  const body = Buffer.from(`${text}\0`);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from('Q'), length, body]);
};
const BEGIN_MESSAGE = simpleQuery('BEGIN');
const COMMIT_MESSAGE = simpleQuery('COMMIT');
const ROLLBACK_MESSAGE = simpleQuery('ROLLBACK');
/** An upload's transaction copies its content in (a read's COMMIT, e.g. a listing's, is not the one cut). */
export const UPLOAD_COPY = 'COPY content_chunks';

export interface FaultProxy {
  readonly port: number;
  /** Bytes arriving from now on are dropped, in both directions. */
  freeze(): void;
  /** Freezes once `bytes` more have come from PostgreSQL (an answer cut off mid-stream). */
  freezeAfter(bytes: number): void;
  /** Bytes arriving from now on are forwarded again. */
  thaw(): void;
  /**
   * The next connection to commit a statement containing `of` is reset: 'before' PostgreSQL gets
   * the commit (nothing is kept), or 'after' it has, with its answer held back. The commit is the
   * transaction's COMMIT, or the statement itself when sent outside a transaction (autocommit).
   * `freeze` freezes the proxy at the same moment (so the outcome cannot be asked either).
   */
  cutNextCommit(of: string, when: 'before' | 'after', o?: { freeze?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let frozen = false;
  let freezeIn: number | undefined;
  let commitCut: { of: Buffer; when: 'before' | 'after'; freeze: boolean; done: () => void } | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    const up = connect(targetPort, '127.0.0.1');
    let holdAnswers = false;
    let inTransaction = false;
    /** The statement to cut was sent in this connection's open transaction. */
    let marked = false;
    for (const s of [down, up]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        down.destroy();
        up.destroy();
      });
    }
    down.on('data', (b: Buffer) => {
      if (frozen) return;
      const cut = commitCut;
      if (b.includes(BEGIN_MESSAGE)) inTransaction = true;
      const statement = cut !== undefined && b.includes(cut.of);
      if (statement && inTransaction) marked = true;
      const ends = b.includes(COMMIT_MESSAGE) || b.includes(ROLLBACK_MESSAGE);
      if (cut && ((statement && !inTransaction) || (marked && b.includes(COMMIT_MESSAGE)))) {
        commitCut = undefined;
        if (cut.freeze) frozen = true;
        if (cut.when === 'before') {
          down.resetAndDestroy();
          up.resetAndDestroy();
          return cut.done();
        }
        holdAnswers = true;
        up.write(b);
        // PostgreSQL commits within moments of reading it; then the connection goes
        setTimeout(() => {
          down.resetAndDestroy();
          up.resetAndDestroy();
          cut.done();
        }, 300);
        return;
      }
      if (ends) inTransaction = marked = false;
      up.write(b);
    });
    up.on('data', (b: Buffer) => {
      if (frozen || holdAnswers) return;
      down.write(b);
      if (freezeIn !== undefined && (freezeIn -= b.length) <= 0) {
        freezeIn = undefined;
        frozen = true;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => (frozen = true),
    freezeAfter: (bytes) => (freezeIn = bytes),
    thaw: () => {
      frozen = false;
      freezeIn = undefined;
    },
    cutNextCommit: (of, when, o = {}) =>
      new Promise<void>((done) => (commitCut = { of: Buffer.from(of), when, freeze: o.freeze ?? false, done })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
