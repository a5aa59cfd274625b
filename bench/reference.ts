// The physical reference: the work no client can skip, by OpenSSL on the same file:
// AES-256-CBC encryption (to /dev/null) plus a SHA-256 of the file, timed together.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function referenceSeconds(file: string): Promise<number> {
  const key = randomBytes(32).toString('hex');
  const iv = randomBytes(16).toString('hex');
  const started = performance.now();
  await run('openssl', ['enc', '-aes-256-cbc', '-K', key, '-iv', iv, '-in', file, '-out', '/dev/null']);
  await run('openssl', ['dgst', '-sha256', file]);
  return (performance.now() - started) / 1000;
}
