// `npm run exchange -- <command>`: serve, sandbox, org-add, migrate. See --help.
import { isIP } from 'node:net';
import { HELP } from './cli/help.js';
import { count, parseCommand, readFile, required, trustedCa, usable, UsageError } from './cli/options.js';
import { describeStore, unreachable } from './cli/store-messages.js';
import { checkBasePath } from './http/base-path.js';
import { DEFAULT_BODY_STALL_MS, DEFAULT_MIN_BODY_BYTES_PER_SECOND } from './http/body-pace.js';
import { DEFAULT_MAX_UNVERIFIED_BYTES, DEFAULT_MAX_UPLOADS_PER_ORGANIZATION } from './http/unverified-budget.js';
import { createSandbox, registerInStore, startExchange } from './index.js';
import { openStore, type StoreOptions } from './open-store.js';
import { migrateDatabase } from './store/postgres/pg-migrate.js';
import type { Store } from './store/store.js';

async function serve(args: string[]): Promise<void> {
  const { values, store } = parseCommand(
    args,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      bind: { type: 'string' },
      'trust-ca': { type: 'string', multiple: true },
      'max-unverified-bytes': { type: 'string' },
      'max-uploads-per-org': { type: 'string' },
      'trust-proxy': { type: 'string', multiple: true },
      'body-stall-ms': { type: 'string' },
      'min-body-rate': { type: 'string' },
      'base-path': { type: 'string' },
    },
    'folder',
  );
  const portText = (values.port as string | undefined) ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, not ${portText}.`);
  const trustCaPems = ((values['trust-ca'] as string[] | undefined) ?? []).map(trustedCa);
  const maxUnverifiedBytes = count(
    values['max-unverified-bytes'],
    '--max-unverified-bytes',
    DEFAULT_MAX_UNVERIFIED_BYTES,
  );
  const maxUploadsPerOrganization = count(
    values['max-uploads-per-org'],
    '--max-uploads-per-org',
    DEFAULT_MAX_UPLOADS_PER_ORGANIZATION,
  );
  const trustProxy = ((values['trust-proxy'] as string[] | undefined) ?? []).map((a) => {
    if (isIP(a) === 0) throw new UsageError(`--trust-proxy must be an IP address, not ${a}.`);
    return a;
  });
  let basePath: string;
  try {
    basePath = checkBasePath((values['base-path'] as string | undefined) ?? '');
  } catch (e) {
    throw new UsageError(`--base-path: ${(e as Error).message}`);
  }
  const exchange = await startExchange({
    basePath,
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
  // the folder must be missing or empty: createSandbox makes it
  const { values, store } = parseCommand(args, { out: { type: 'string' } }, 'newFolder');
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
  const { values, store } = parseCommand(
    args,
    { name: { type: 'string' }, cert: { type: 'string' }, sirb: { type: 'boolean' }, admin: { type: 'boolean' } },
    'folder',
  );
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
  const { store } = parseCommand(args, {}, 'database');
  const { from, to } = await migrateDatabase(store.databaseUrl!).catch((e: unknown) => {
    throw unreachable(e, store, 'migrate');
  });
  console.log(
    from === to
      ? `database schema is current (version ${to})`
      : `database schema migrated from version ${from} to ${to}`,
  );
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
    if (
      command === undefined ||
      command === '--help' ||
      command === '-h' ||
      command === 'help' ||
      rest.includes('--help')
    ) {
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
