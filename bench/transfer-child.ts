// One document transfer through the client core (uploadDocument / downloadDocument), in a
// process of its own: prints its wall time and its own peak RSS increase.
import { performance } from 'node:perf_hooks';
import { openItemKey, wrapKey } from '../shared/protocol/envelope.js';
import { downloadDocument } from '../electron/services/transfers/document-download.js';
import { uploadDocument } from '../electron/services/transfers/document-upload.js';
import { jobOf } from './child.js';
import { memoryWindow } from './proc-memory.js';
import { clientFor, type OrgJob } from './world.js';

export interface TransferJob extends OrgJob {
  readonly op: 'upload' | 'download';
  readonly itemPath: string;
  readonly file: string;
}

export interface TransferResult {
  readonly seconds: number;
  readonly peakRssDeltaMiB: number;
  readonly resetOk: boolean;
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
global.gc?.();

const window = memoryWindow();
const started = performance.now();
let prepareSeconds: number | undefined;
if (job.op === 'upload') {
  const onProgress = (e: { readonly phase: string }): void => {
    if (e.phase === 'sending' && prepareSeconds === undefined) prepareSeconds = (performance.now() - started) / 1000;
  };
  await uploadDocument({ client, containerId: job.containerId, path: job.itemPath, file: job.file, wrapForSelf, onProgress });
} else {
  await downloadDocument({ client, keys, containerId: job.containerId, path: job.itemPath, destination: job.file });
}
const seconds = (performance.now() - started) / 1000;
const result: TransferResult = { seconds, peakRssDeltaMiB: window.peakDeltaMiB(), resetOk: window.resetOk, ...(prepareSeconds !== undefined ? { prepareSeconds } : {}) };
client.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
