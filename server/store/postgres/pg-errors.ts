// Which PostgreSQL failures mean "the database cannot be reached right now" (answered 503,
// code 1018, and tried again by the client) rather than a fault of the request or the server.
import { StoreBusyError, StoreUnavailableError } from '../store.js';

/**
 * Connection exceptions (08), operator intervention (57P01–57P03: shutdown, crash, starting
 * up), a session ended for idling in a transaction (25P03: its connection is closed).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|25P03)$/;
/** A statement cancelled (statement_timeout: 57014) or a lock not had in time (lock_timeout: 55P03): nothing kept, try again. */
const TIMED_OUT_SQLSTATE: ReadonlySet<string> = new Set(['57014', '55P03']);
const UNAVAILABLE_ERRNO: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection that broke or could not be made in time. */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|connection error|Client was closed|Connection closed|Query read timeout/i;

/** The connection is broken or its answer may never come: it takes no ROLLBACK, it is closed. */
export function isUnavailable(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  return e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message);
}

/** Deadlock detected, serialization failure: PostgreSQL aborted the transaction, nothing of it is kept. */
export function isConflict(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === '40P01' || code === '40001';
}

/** What a conflict (isConflict) is answered: busy, 1018; nothing of it was kept. */
export function conflictBusy(): StoreBusyError {
  return new StoreBusyError('The change collided with another one at the same moment; try again.');
}

/**
 * The error to throw on: StoreUnavailableError for an unreachable database, StoreBusyError for
 * a statement that timed out on the database's side, anything else as it is.
 */
export function toStoreError(e: unknown): unknown {
  if (e instanceof StoreUnavailableError || e instanceof StoreBusyError) return e;
  if (isUnavailable(e)) return new StoreUnavailableError(e);
  if (TIMED_OUT_SQLSTATE.has((e as { code?: string })?.code ?? ''))
    return new StoreBusyError('The database did not finish in time; try again shortly.');
  return e;
}

/**
 * Awaits a database call; an unreachable database rejects as StoreUnavailableError, a statement
 * aborted as a conflict (nothing kept) as StoreBusyError: both 503, code 1018.
 */
export async function run<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    if (isConflict(e)) throw conflictBusy();
    throw toStoreError(e);
  }
}

export function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: unknown })?.code === '23505';
}

/** Another organization has the certificate (the organizations_thumbprint index). */
export function isThumbprintViolation(e: unknown): boolean {
  return isUniqueViolation(e) && (e as { constraint?: unknown }).constraint === 'organizations_thumbprint';
}
