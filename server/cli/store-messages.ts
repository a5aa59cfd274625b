// What the commands say about their store: a database by its address only, never its password.
import { StoreUnavailableError, type StoreOptions } from '../store/store.js';
import { databaseAddress, decoded } from './database-address.js';

/**
 * A database that cannot be reached at start, in one line naming its host and port (never the
 * password): the command exits rather than wait, so a supervisor (systemd) restarts it.
 */
export function unreachable(e: unknown, store: StoreOptions, command: string): unknown {
  if (!(e instanceof StoreUnavailableError) || store.databaseUrl === undefined) return e;
  const url = new URL(store.databaseUrl);
  // the cause is a connection error (errno, timeout), but never let it echo the password
  let cause = (e.cause as Error | undefined)?.message ?? e.message;
  const password = url.searchParams.get('password');
  for (const secret of [url.password, decoded(url.password), password])
    if (secret) cause = cause.split(secret).join('***');
  return new Error(
    `PostgreSQL at ${databaseAddress(store.databaseUrl)} cannot be reached (${cause}); ${command} exits. Start PostgreSQL, then run ${command} again.`,
  );
}

/** The store for the log: a database by its address only. */
export function describeStore(s: StoreOptions): string {
  if (s.dataDir !== undefined) return `data ${s.dataDir}`;
  return `database ${databaseAddress(s.databaseUrl!)}`;
}
