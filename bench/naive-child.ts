// The naive baseline: the same transfer done the obvious way. Upload: read the whole file,
// encrypt it with node-forge AES-CBC, Base-64 it, build the body with JSON.stringify, send it
// signed. Download: read the whole answer, JSON.parse, Base-64 decode, forge decrypt, write.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import forge from 'node-forge';
import type { ItemWithContent } from '../shared/types.js';
import { openItemKey, wrapKey } from '../shared/protocol/envelope.js';
import { jobOf } from './child.js';
import type { TransferJob } from './transfer-child.js';
import { clientFor } from './world.js';

const job = jobOf<TransferJob>();
const client = clientFor(job);
await client.getContainer(job.containerId);
const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

const started = performance.now();
if (job.op === 'upload') {
  const plain = await readFile(job.file);
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = forge.cipher.createCipher('AES-CBC', forge.util.createBuffer(key.toString('binary')));
  cipher.start({ iv: forge.util.createBuffer(iv.toString('binary')) });
  cipher.update(forge.util.createBuffer(plain.toString('binary')));
  cipher.finish();
  const content = Buffer.from(cipher.output.getBytes(), 'binary').toString('base64');
  const headerBytes = Buffer.from(
    JSON.stringify({
      type: 'document',
      version: 'IRBX.2',
      name: 'naive',
      fileName: 'naive.bin',
      mediaType: 'application/octet-stream',
      size: plain.length,
    }),
  );
  const headerCipher = forge.cipher.createCipher('AES-CBC', forge.util.createBuffer(key.toString('binary')));
  headerCipher.start({ iv: forge.util.createBuffer(iv.toString('binary')) });
  headerCipher.update(forge.util.createBuffer(headerBytes.toString('binary')));
  headerCipher.finish();
  const body = JSON.stringify({
    header: Buffer.from(headerCipher.output.getBytes(), 'binary').toString('base64'),
    headerHash: sha256(headerBytes),
    headerHashAlgorithm: 'SHA256',
    content,
    contentHash: sha256(plain),
    contentHashAlgorithm: 'SHA256',
    key: wrapKey(key, job.certPem),
    keyHash: sha256(key),
    keyHashAlgorithm: 'SHA256',
    iv: iv.toString('hex'),
    algorithm: 'AES',
  });
  await client.saveItem(job.containerId, job.itemPath, {
    kind: 'bytes',
    bytes: Buffer.from(body, 'utf8'),
    contentType: 'application/json',
  });
} else {
  const response = await client.openItemContent(job.containerId, job.itemPath);
  const chunks: Buffer[] = [];
  for await (const c of response.body) chunks.push(c as Buffer);
  const item = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ItemWithContent;
  const k = openItemKey(item, job.keyPem);
  const decipher = forge.cipher.createDecipher('AES-CBC', forge.util.createBuffer(k.key.toString('binary')));
  decipher.start({ iv: forge.util.createBuffer(k.iv.toString('binary')) });
  decipher.update(forge.util.createBuffer(Buffer.from(item.content, 'base64').toString('binary')));
  if (!decipher.finish()) throw new Error('forge could not decrypt the content');
  const plain = Buffer.from(decipher.output.getBytes(), 'binary');
  if (sha256(plain) !== item.contentHash) throw new Error('content hash mismatch');
  await writeFile(job.file, plain);
}
const seconds = (performance.now() - started) / 1000;
client.close();
process.stdout.write(`${JSON.stringify({ seconds })}\n`);
