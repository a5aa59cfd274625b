// The command line's options: the store every command takes (--data or --database), and the
// checks that turn a mistake into a usage error rather than a failure later.
import { X509Certificate } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { StoreOptions } from '../store/store.js';

/** A mistake in the command line: said with a pointer to --help, exit status 2. */
export class UsageError extends Error {}

export function usable(dir: string, create: boolean): string {
  const full = resolve(dir);
  if (existsSync(full)) {
    if (!statSync(full).isDirectory()) throw new UsageError(`${full} is not a folder.`);
  } else if (create) {
    try {
      mkdirSync(full, { recursive: true });
    } catch (e) {
      throw new UsageError(`Cannot create ${full}: ${(e as Error).message}`);
    }
  } else {
    throw new UsageError(`${full} does not exist.`);
  }
  try {
    accessSync(full, constants.R_OK | constants.W_OK);
  } catch {
    throw new UsageError(`${full} is not readable and writable.`);
  }
  return full;
}

export function readFile(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new UsageError(`Cannot read the ${what} ${path}: ${(e as Error).message}`);
  }
}

type Flags = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

function parse(args: string[], options: Flags): { values: Values } {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }) as { values: Values };
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** A positive whole number given to a flag, or its default. */
export function count(v: unknown, flag: string, fallback: number): number {
  if (v === undefined) return fallback;
  const text = String(v);
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new UsageError(`${flag} must be a whole number of at least 1, not ${text}.`);
  return Number(text);
}

/** A --trust-ca file: a readable CA certificate, or a usage error now rather than refusals later. */
export function trustedCa(file: string): string {
  const pem = readFile(file, 'CA certificate').toString('utf8');
  let isCa = false;
  try {
    isCa = new X509Certificate(pem).ca;
  } catch {
    throw new UsageError(`${file} is not a PEM certificate.`);
  }
  if (!isCa) throw new UsageError(`${file} is not a CA certificate (basicConstraints CA:TRUE).`);
  return pem;
}

export function required(v: unknown, flag: string): string {
  if (typeof v !== 'string' || v === '') throw new UsageError(`${flag} is required.`);
  return v;
}

/** The URL given by --database or EXCHANGE_DATABASE_URL, when it is PostgreSQL's. */
export function postgresUrl(values: Record<string, unknown>): string | undefined {
  const given = values.database as string | undefined;
  const url = given ?? (process.env.EXCHANGE_DATABASE_URL || undefined);
  if (url !== undefined && !(/^postgres(ql)?:\/\//.test(url) && URL.canParse(url))) {
    throw new UsageError(
      `${given !== undefined ? '--database' : 'EXCHANGE_DATABASE_URL'} must be a postgres:// or postgresql:// URL.`,
    );
  }
  return url;
}

/**
 * How a command takes its store: a data folder made when missing (`folder`), a folder the
 * command makes itself, which must be missing or empty (`newFolder`), or a database only.
 */
export type StoreUse = 'folder' | 'newFolder' | 'database';

const STORE_FLAGS: Flags = { data: { type: 'string' }, database: { type: 'string' } };

/**
 * A command's options, and the store named by --data or --database (or EXCHANGE_DATABASE_URL),
 * which every command takes: the one parser of the options the commands share.
 */
export function parseCommand(args: string[], flags: Flags, use: StoreUse): { values: Values; store: StoreOptions } {
  const { values } = parse(args, {
    ...(use === 'database' ? { database: STORE_FLAGS['database']! } : STORE_FLAGS),
    ...flags,
  });
  if (use === 'database') return { values, store: { databaseUrl: required(postgresUrl(values), '--database') } };
  const data = values['data'] as string | undefined;
  if (data !== undefined && values['database'] !== undefined)
    throw new UsageError('Give --data or --database, not both.');
  const database = data === undefined ? postgresUrl(values) : undefined;
  if (database !== undefined) return { values, store: { databaseUrl: database } };
  const dir = required(data, '--data or --database');
  return { values, store: { dataDir: use === 'folder' ? usable(dir, true) : resolve(dir) } };
}
