// One document transfer through the client core (uploadDocument / downloadDocument), in a
// process of its own: prints its wall time, its own peak RSS increase and the CPU time of
// both sides. With `warmUp`, a small transfer of the same kind runs first in this process,
// so the figure is the steady state of a running app (code compiled, encrypting worker
// started), not the first transfer after start.
import { performance } from 'node:perf_hooks';
import { openItemKey, wrapKey } from '../shared/protocol/envelope.js';
import { downloadDocument } from '../electron/services/transfers/document-download.js';
import { uploadDocument } from '../electron/services/transfers/document-upload.js';
import { jobOf } from './child.js';
import { cpuSeconds, memoryWindow, treeCpuSeconds } from './proc-memory.js';
import { clientFor, type OrgJob } from './world.js';

export interface TransferJob extends OrgJob {
  readonly op: 'upload' | 'download';
  readonly itemPath: string;
  readonly file: string;
  /** The server's process, whose CPU time during the transfer is reported too. */
  readonly serverPid?: number;
  /** PostgreSQL's postmaster: its processes' CPU time during the transfer is reported too. */
  readonly databasePid?: number;
  /** Upload: a small file sent to itemPath first; download: that item fetched to a file first. */
  readonly warmUp?: { readonly file: string; readonly itemPath: string };
}

export interface TransferResult {
  readonly seconds: number;
  readonly peakRssDeltaMiB: number;
  readonly resetOk: boolean;
  /** CPU seconds of this process and of the server (all threads) during the transfer. */
  readonly cpuSeconds: number;
  readonly serverCpuSeconds: number;
  /** CPU seconds of PostgreSQL (every process of the cluster), when on PostgreSQL. */
  readonly databaseCpuSeconds?: number;
  /** Upload: seconds of the first pass (encrypt + hash, nothing sent) before sending starts. */
  readonly prepareSeconds?: number;
}

const job = jobOf<TransferJob>();
const client = clientFor(job);
// Warm up: modules loaded, connection open, key parsed, before the window starts.
await client.getContainer(job.containerId);
const keys = { openItemKey: (item: Parameters<typeof openItemKey>[0]) => openItemKey(item, job.keyPem) };
const wrapForSelf = (key: Buffer): string => wrapKey(key, job.certPem);
wrapForSelf(Buffer.alloc(32));
if (job.warmUp) {
  const { itemPath, file } = job.warmUp;
  if (job.op === 'upload')
    await uploadDocument({ client, containerId: job.containerId, path: itemPath, file, wrapForSelf });
  else await downloadDocument({ client, keys, containerId: job.containerId, path: itemPath, destination: file });
}
global.gc?.();

const window = memoryWindow();
const cpuAtStart = cpuSeconds();
const serverCpu0 = job.serverPid ? cpuSeconds(job.serverPid) : 0;
const databaseCpu0 = job.databasePid ? treeCpuSeconds(job.databasePid) : 0;
const started = performance.now();
let prepareSeconds: number | undefined;
if (job.op === 'upload') {
  const onProgress = (e: { readonly phase: string }): void => {
    if (e.phase === 'sending' && prepareSeconds === undefined) prepareSeconds = (performance.now() - started) / 1000;
  };
  await uploadDocument({
    client,
    containerId: job.containerId,
    path: job.itemPath,
    file: job.file,
    wrapForSelf,
    onProgress,
  });
} else {
  await downloadDocument({ client, keys, containerId: job.containerId, path: job.itemPath, destination: job.file });
}
const seconds = (performance.now() - started) / 1000;
const serverCpu = job.serverPid ? cpuSeconds(job.serverPid) - serverCpu0 : 0;
const databaseCpu = job.databasePid ? { databaseCpuSeconds: treeCpuSeconds(job.databasePid) - databaseCpu0 } : {};
const result: TransferResult = {
  seconds,
  cpuSeconds: cpuSeconds() - cpuAtStart,
  serverCpuSeconds: serverCpu,
  ...databaseCpu,
  peakRssDeltaMiB: window.peakDeltaMiB(),
  resetOk: window.resetOk,
  ...(prepareSeconds !== undefined ? { prepareSeconds } : {}),
};
client.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
