// The reference server in a process of its own (on a data folder or a PostgreSQL database),
// so its memory can be read from /proc.
// Prints {"port"} once listening; stops on SIGTERM. With log: true every request line goes to stderr.
import { startExchange } from '../server/index.js';
import type { StoreOptions } from '../server/open-store.js';
import { jobOf } from './child.js';

const job = jobOf<StoreOptions & { log?: boolean }>();
const exchange = await startExchange({
  ...(job.dataDir !== undefined ? { dataDir: job.dataDir } : { databaseUrl: job.databaseUrl! }),
  port: 0,
  log: job.log ? (line) => process.stderr.write(`${line}\n`) : () => undefined,
});
process.stdout.write(`${JSON.stringify({ port: exchange.port, url: exchange.url })}\n`);
process.on('SIGTERM', () => {
  void exchange.close().then(() => process.exit(0));
});
