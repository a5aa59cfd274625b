// `npm run exchange -- <command>`: serve, sandbox, org-add. See --help.
import { X509Certificate } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { databaseAddress } from './database-address.js';
import { DEFAULT_BODY_STALL_MS, DEFAULT_MIN_BODY_BYTES_PER_SECOND } from './http/body-pace.js';
import { DEFAULT_MAX_UNVERIFIED_BYTES, DEFAULT_MAX_UPLOADS_PER_ORGANIZATION } from './http/unverified-budget.js';
import { createSandbox, registerInStore, startExchange } from './index.js';
import { openStore, type StoreOptions } from './open-store.js';
import { migrateDatabase } from './store/postgres/pg-migrate.js';
import { StoreUnavailableError, type Store } from './store/store.js';

const HELP = `Study Exchange reference server

Usage:
  npm run exchange -- serve (--data DIR | --database URL) [--port PORT] [--host NAME] [--bind ADDR] [--trust-ca FILE]...
                            [--max-unverified-bytes N] [--max-uploads-per-org N] [--trust-proxy ADDR]...
                            [--body-stall-ms N] [--min-body-rate N]
  npm run exchange -- sandbox (--data DIR | --database URL) --out DIR
  npm run exchange -- org-add (--data DIR | --database URL) --name NAME [--cert FILE] [--sirb] [--admin]
  npm run exchange -- migrate --database URL
  npm run exchange -- --help

Every command works on one store: a data folder (SQLite and content files, for one server
process) or a PostgreSQL database (postgres://user:password@host:port/name, shared by any
number of server processes); give one of them, not both. Without --data or --database,
EXCHANGE_DATABASE_URL names the database.

serve      Serves the exchange on a data folder (created when missing) or a database.
  --data DIR       data folder: exchange.sqlite, content/, tmp/, trust/
  --database URL   PostgreSQL database: everything is kept there, content too; the schema is
                   migrated first when it is behind. While the database cannot be reached,
                   requests are answered 503 (code 1018) and the server recovers by itself;
                   when it cannot be reached at start, serve says so and exits with status 1.
  --port PORT      TCP port, 0 picks a free one (default 8080)
  --host NAME      host name every request's Host header must carry, any port (default localhost;
                   for localhost the loopback literals 127.0.0.1 and [::1] are accepted too)
  --bind ADDR      address to listen on (default 127.0.0.1)
  --trust-ca FILE  a CA certificate (PEM) to trust; repeatable. With a trust store (any --trust-ca,
                   trust/*.pem in the data folder or CAs in the database, where a sandbox keeps
                   its own; read at each check) the server refuses, with 400 code 1010, every
                   certificate that does not chain to one of its CAs, on organization create
                   and certificate PUT. Without one, any RSA certificate of 2048 bits or more
                   is accepted.
  --max-unverified-bytes N
                   bytes of request bodies read before their signature is verified, across all
                   requests at once (default 1073741824, 1 GiB); over it: 503, code 1018, Retry-After
  --max-uploads-per-org N
                   item uploads of one organization from one peer address at once (default 4);
                   over it: 503, code 1018. One peer address may also hold at most a quarter of
                   --max-unverified-bytes, so a stranger who knows an organization's id cannot
                   keep others' uploads refused
  --trust-proxy ADDR
                   the address of a load balancer or proxy in front of the server; repeatable.
                   For requests from it, the peer address is the right-most address of
                   X-Forwarded-For that is not a trusted proxy; from anyone else the header is
                   ignored
  --body-stall-ms N
                   a body not yet verified that sends nothing for N ms, or less than
                   --min-body-rate on average once N ms have passed, is answered 408 (code
                   1021) and the connection closed (default 30000)
  --min-body-rate N
                   bytes per second (default 16384)
  Logs one line per request: method, path, status, ms, organization id, request id.
  Content of 8 MiB and more is written and read past the page cache (O_DIRECT) where the file
  system allows it, with ordinary I/O elsewhere. Stops cleanly on SIGINT or SIGTERM.

sandbox    Creates a fresh exchange with a local CA (trusted by that store), an Admin
           organization "Sandbox Admin", an sIRB "Sandbox IRB" and two pSites "Riverside Medical
           Center" and "Lakeside University", with 2048-bit keys.
  --data DIR       the new data folder (must be missing or empty)
  --database URL   or a database without organizations
  --out DIR        where to write <slug>.key.pem, <slug>.cert.pem and organizations.json
                   ([{name, id, role: admin|sirb|psite, key, certificate}], file names relative to DIR)

org-add    Registers an organization directly in a store (bootstrap of a real deployment).
  --data DIR       data folder
  --database URL   or database
  --name NAME      organization name (unique, case-insensitively)
  --cert FILE      its certificate (PEM or DER; RSA of at least 2048 bits)
  --sirb           registers it as an sIRB (default: pSite)
  --admin          marks it as an administrator (may create and update organizations)

migrate    Brings a database's schema to this server's version (serve also does it on start).
  --database URL   PostgreSQL database (postgres:// or postgresql://)
`;

class UsageError extends Error {}

function usable(dir: string, create: boolean): string {
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

function readFile(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new UsageError(`Cannot read the ${what} ${path}: ${(e as Error).message}`);
  }
}

type Flags = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

function parse(args: string[], options: Flags): { values: Record<string, string | boolean | (string | boolean)[] | undefined> } {
  try {
    return parseArgs({ args, options: { ...options, help: { type: 'boolean' } }, strict: true, allowPositionals: false }) as {
      values: Record<string, string | boolean | (string | boolean)[] | undefined>;
    };
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** A positive whole number given to a flag, or its default. */
function count(v: unknown, flag: string, fallback: number): number {
  if (v === undefined) return fallback;
  const text = String(v);
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new UsageError(`${flag} must be a whole number of at least 1, not ${text}.`);
  return Number(text);
}

/** A --trust-ca file: a readable CA certificate, or a usage error now rather than refusals later. */
function trustedCa(file: string): string {
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

function required(v: unknown, flag: string): string {
  if (typeof v !== 'string' || v === '') throw new UsageError(`${flag} is required.`);
  return v;
}

/** The URL given by --database or EXCHANGE_DATABASE_URL, when it is PostgreSQL's. */
function postgresUrl(values: Record<string, unknown>): string | undefined {
  const given = values.database as string | undefined;
  const url = given ?? (process.env.EXCHANGE_DATABASE_URL || undefined);
  if (url !== undefined && !(/^postgres(ql)?:\/\//.test(url) && URL.canParse(url))) {
    throw new UsageError(`${given !== undefined ? '--database' : 'EXCHANGE_DATABASE_URL'} must be a postgres:// or postgresql:// URL.`);
  }
  return url;
}

/** The store named by --data or --database (or EXCHANGE_DATABASE_URL); `folder` checks or makes the folder. */
function storeOf(values: Record<string, unknown>, folder: (dir: string) => string): StoreOptions {
  const data = values.data as string | undefined;
  if (data !== undefined && values.database !== undefined) throw new UsageError('Give --data or --database, not both.');
  const database = data === undefined ? postgresUrl(values) : undefined;
  if (database !== undefined) return { databaseUrl: database };
  return { dataDir: folder(required(data, '--data or --database')) };
}

function decoded(urlPart: string): string {
  try {
    return decodeURIComponent(urlPart);
  } catch {
    return urlPart;
  }
}

/**
 * A database that cannot be reached at start, in one line naming its host and port (never the
 * password): the command exits rather than wait, so a supervisor (systemd) restarts it.
 */
function unreachable(e: unknown, store: StoreOptions, command: string): unknown {
  if (!(e instanceof StoreUnavailableError) || store.databaseUrl === undefined) return e;
  const url = new URL(store.databaseUrl);
  // the cause is a connection error (errno, timeout), but never let it echo the password
  let cause = (e.cause as Error | undefined)?.message ?? e.message;
  const password = url.searchParams.get('password');
  for (const secret of [url.password, decoded(url.password), password]) if (secret) cause = cause.split(secret).join('***');
  return new Error(`PostgreSQL at ${databaseAddress(store.databaseUrl)} cannot be reached (${cause}); ${command} exits. Start PostgreSQL, then run ${command} again.`);
}

/** The store for the log: a database by its address only. */
function describeStore(s: StoreOptions): string {
  if (s.dataDir !== undefined) return `data ${s.dataDir}`;
  return `database ${databaseAddress(s.databaseUrl!)}`;
}

async function serve(args: string[]): Promise<void> {
  const { values } = parse(args, {
    data: { type: 'string' },
    database: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    bind: { type: 'string' },
    'trust-ca': { type: 'string', multiple: true },
    'max-unverified-bytes': { type: 'string' },
    'max-uploads-per-org': { type: 'string' },
    'trust-proxy': { type: 'string', multiple: true },
    'body-stall-ms': { type: 'string' },
    'min-body-rate': { type: 'string' },
  });
  const store = storeOf(values, (d) => usable(d, true));
  const portText = (values.port as string | undefined) ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not ${portText}.`);
  const trustCaPems = ((values['trust-ca'] as string[] | undefined) ?? []).map(trustedCa);
  const maxUnverifiedBytes = count(values['max-unverified-bytes'], '--max-unverified-bytes', DEFAULT_MAX_UNVERIFIED_BYTES);
  const maxUploadsPerOrganization = count(values['max-uploads-per-org'], '--max-uploads-per-org', DEFAULT_MAX_UPLOADS_PER_ORGANIZATION);
  const trustProxy = ((values['trust-proxy'] as string[] | undefined) ?? []).map((a) => {
    if (isIP(a) === 0) throw new UsageError(`--trust-proxy must be an IP address, not ${a}.`);
    return a;
  });
  const exchange = await startExchange({
    maxUnverifiedBytes,
    maxUploadsPerOrganization,
    trustProxy,
    bodyStallMs: count(values['body-stall-ms'], '--body-stall-ms', DEFAULT_BODY_STALL_MS),
    minBodyBytesPerSecond: count(values['min-body-rate'], '--min-body-rate', DEFAULT_MIN_BODY_BYTES_PER_SECOND),
    ...store,
    port,
    hostName: (values.host as string | undefined) ?? 'localhost',
    bindAddress: (values.bind as string | undefined) ?? '127.0.0.1',
    trustCaPems,
  }).catch((e: unknown) => {
    throw unreachable(e, store, 'serve');
  });
  console.log(`exchange listening on ${exchange.url} (${describeStore(store)}, port ${exchange.port})`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    void exchange.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function sandbox(args: string[]): Promise<void> {
  const { values } = parse(args, { data: { type: 'string' }, database: { type: 'string' }, out: { type: 'string' } });
  // the folder must be missing or empty: createSandbox makes it
  const store = storeOf(values, (d) => resolve(d));
  const outDir = usable(required(values.out, '--out'), true);
  let orgs;
  try {
    orgs = await createSandbox({ ...store, outDir });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  for (const o of orgs) console.log(`${o.role.padEnd(5)} ${o.id} ${o.name} (${o.key}, ${o.certificate})`);
  const serveWith = store.dataDir !== undefined ? `--data ${store.dataDir}` : '--database URL';
  console.log(`wrote ${outDir}/organizations.json; now run: npm run exchange -- serve ${serveWith}`);
}

async function orgAdd(args: string[]): Promise<void> {
  const { values } = parse(args, {
    data: { type: 'string' },
    database: { type: 'string' },
    name: { type: 'string' },
    cert: { type: 'string' },
    sirb: { type: 'boolean' },
    admin: { type: 'boolean' },
  });
  const store = storeOf(values, (d) => usable(d, true));
  const name = required(values.name, '--name');
  const certificatePem = values.cert !== undefined ? pemOf(readFile(values.cert as string, 'certificate')) : undefined;
  try {
    const org = await withStore(store, (s) =>
      registerInStore(s, {
        name,
        isSirb: values.sirb === true,
        isAdmin: values.admin === true,
        ...(certificatePem !== undefined ? { certificatePem } : {}),
      }),
    );
    console.log(`${org.id} ${org.name}${org.isSirb ? ' (sIRB)' : ''} thumbprint ${org.thumbprint || '-'}`);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

async function withStore<T>(o: StoreOptions, work: (store: Store) => Promise<T>): Promise<T> {
  const { store, release } = await openStore(o, () => undefined);
  try {
    return await work(store);
  } finally {
    await store.close();
    release();
  }
}

async function migrate(args: string[]): Promise<void> {
  const { values } = parse(args, { database: { type: 'string' } });
  const databaseUrl = required(postgresUrl(values), '--database');
  const { from, to } = await migrateDatabase(databaseUrl).catch((e: unknown) => {
    throw unreachable(e, { databaseUrl }, 'migrate');
  });
  console.log(from === to ? `database schema is current (version ${to})` : `database schema migrated from version ${from} to ${to}`);
}

/** DER bytes become PEM text so the store always holds PEM. */
function pemOf(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  if (text.includes('-----BEGIN')) return bytes.toString('utf8');
  const b64 = bytes.toString('base64').replace(/.{64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${b64}${b64.endsWith('\n') ? '' : '\n'}-----END CERTIFICATE-----\n`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help' || rest.includes('--help')) {
      console.log(HELP);
      return command === undefined ? 1 : 0;
    }
    if (command === 'serve') await serve(rest);
    else if (command === 'sandbox') await sandbox(rest);
    else if (command === 'org-add') await orgAdd(rest);
    else if (command === 'migrate') await migrate(rest);
    else throw new UsageError(`Unknown command ${command}.`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`error: ${e.message}\nRun with --help for usage.`);
      return 2;
    }
    console.error(`error: ${(e as Error).message}`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
