// The embedded sandbox exchange trusts only its own CA (DATA/sandbox/exchange/trust/*.pem, read
// when it starts). A journey that registers certificates made by openssl adds its test CA there,
// as the exchange's administrator would, and restarts the host so the exchange reads it.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { signInContext, startHost, type RunningHost } from '../host-fixture.js';

/** Restarts the host trusting `caPem`; the context's pages get the new run's session. */
export async function restartTrusting(host: RunningHost, caPem: string, context: BrowserContext): Promise<RunningHost> {
  await host.stop();
  const trust = join(host.dataDir, 'sandbox', 'exchange', 'trust');
  await mkdir(trust, { recursive: true });
  await writeFile(join(trust, 'e2e-test-ca.pem'), caPem);
  const next = await startHost(host.dataDir);
  await signInContext(context, next);
  return next;
}
