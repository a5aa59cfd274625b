// Waiting for room to write, the one way both ends do it: the app sending a document's body
// (electron/services/http-transport.ts) and the server streaming a long answer
// (server/http/responses.ts). After write() answered false, a stream says 'drain' when it
// takes more, or closes, or fails, and only one of them: every listener goes once it is known.
import type { EventEmitter } from 'node:events';

/** A stream (or its socket) that can end the wait. */
type Closable = EventEmitter & { readonly destroyed: boolean };

/**
 * 'drained' once `out` takes more; 'closed' when it, or one of `alsoClosing` (e.g. its socket,
 * which an answer queued behind another on the connection never hears close), closes first or
 * already has; or the error `out` failed with.
 */
export function whenDrained(
  out: Closable,
  alsoClosing: readonly Closable[] = [],
): Promise<'drained' | 'closed' | Error> {
  if (out.destroyed || alsoClosing.some((c) => c.destroyed)) return Promise.resolve('closed');
  return new Promise((resolve) => {
    const settle = (end: 'drained' | 'closed' | Error): void => {
      out.off('drain', onDrain);
      out.off('error', settle);
      for (const c of [out, ...alsoClosing]) c.off('close', onClose);
      resolve(end);
    };
    const onDrain = (): void => settle('drained');
    const onClose = (): void => settle('closed');
    out.on('drain', onDrain);
    out.on('error', settle);
    for (const c of [out, ...alsoClosing]) c.on('close', onClose);
  });
}
