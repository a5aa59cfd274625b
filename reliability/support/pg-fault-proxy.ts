// A loopback TCP proxy between a server and PostgreSQL that fails on cue: it freezes (forwards
// nothing either way and closes nothing, as a partitioned network or a frozen host), or it
// resets the connection that sends the next COMMIT of an upload, before or after passing it on.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** A simple-query message of COMMIT as node-postgres sends it: 'Q', length 11, the text and its NUL. */
const COMMIT_MESSAGE = Buffer.concat([Buffer.from('Q'), Buffer.from([0, 0, 0, 11]), Buffer.from('COMMIT\0')]);
/** An upload's transaction copies its content in (a read's COMMIT, e.g. a listing's, is not the one cut). */
const UPLOAD_COPY = Buffer.from('COPY content_chunks');

export interface FaultProxy {
  readonly port: number;
  /** Bytes arriving from now on are dropped, in both directions. */
  freeze(): void;
  /** Bytes arriving from now on are forwarded again. */
  thaw(): void;
  /**
   * The next connection to send the COMMIT of an upload is reset: 'before' PostgreSQL gets it (the
   * transaction is rolled back), or 'after' it has, with its answer held back. `freeze`
   * freezes the proxy at the same moment (so the outcome cannot be asked either).
   */
  cutNextUploadCommit(when: 'before' | 'after', o?: { freeze?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  let frozen = false;
  let commitCut: { when: 'before' | 'after'; freeze: boolean; done: () => void } | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    const up = connect(targetPort, '127.0.0.1');
    let holdAnswers = false;
    let uploading = false;
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
      if (b.includes(UPLOAD_COPY)) uploading = true;
      const commit = b.includes(COMMIT_MESSAGE);
      if (cut && commit && uploading) {
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
      if (commit) uploading = false;
      up.write(b);
    });
    up.on('data', (b: Buffer) => frozen || holdAnswers || down.write(b));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    cutNextUploadCommit: (when, o = {}) => new Promise<void>((done) => (commitCut = { when, freeze: o.freeze ?? false, done })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
