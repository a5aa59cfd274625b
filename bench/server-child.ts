// The reference server in a process of its own, so its memory can be read from /proc.
// Prints {"port"} once listening; stops on SIGTERM. With log: true every request line goes to stderr.
import { startExchange } from '../server/index.js';
import { jobOf } from './child.js';

const job = jobOf<{ dataDir: string; log?: boolean }>();
const exchange = await startExchange({
  dataDir: job.dataDir,
  port: 0,
  log: job.log ? (line) => process.stderr.write(`${line}\n`) : () => undefined,
});
process.stdout.write(`${JSON.stringify({ port: exchange.port, url: exchange.url })}\n`);
process.on('SIGTERM', () => {
  void exchange.close().then(() => process.exit(0));
});
