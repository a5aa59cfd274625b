// Waiting only for 'drain' on a stream that fails or closes first would wait forever: this
// waits for whichever comes first. Node-only (never imported by the renderer).
import type { Writable } from 'node:stream';

/** Resolves on 'drain'; rejects with the stream's error, or with `closedEarly()` when it closes (or has closed) first. */
export function drained(out: Writable, closedEarly: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.destroyed) return reject(closedEarly());
    const settle = (error?: Error): void => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = (): void => settle();
    const onClose = (): void => settle(closedEarly());
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', settle);
  });
}
