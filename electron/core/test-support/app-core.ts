// The app core as the window reaches it: createApp on a data folder (the embedded sandbox
// exchange on first start), called through main's door with a trusted sender.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcResult, OperationArgs, OperationName, OperationResult } from '../../../shared/ipc/contract.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { createApp } from '../app.js';
import { createDoor } from '../ipc-door.js';
import type { AppCore, Platform } from '../platform.js';

export type CoreCall = <N extends OperationName>(name: N, args: OperationArgs<N>) => Promise<OperationResult<N>>;

/** A browser-kind platform that opens and notifies nothing; `overrides` records what a test needs. */
export function testPlatform(overrides: Partial<Platform> = {}): Platform {
  return {
    kind: 'browser',
    openPath: async () => undefined,
    offerDownload: (p) => `/api/download/${encodeURIComponent(p)}`,
    notify: () => undefined,
    secretBox: new PassphraseSecretBox('test passphrase', { log2N: 14 }),
    ...overrides,
  };
}

/** Opens the app core on `dataDir`; `call` throws the AppError of a refused call as JSON. */
export async function openAppCore(
  dataDir: string,
  platform: Platform = testPlatform(),
): Promise<{ core: AppCore; call: CoreCall }> {
  const core = await createApp({ dataDir, platform, version: '0.0.0-test' });
  const door = createDoor({ handlers: core.handlers, isTrustedSender: () => true });
  const call: CoreCall = async (name, args) => {
    const r = (await door.call({ url: 'app://test' }, name, args)) as IpcResult<never>;
    if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
    return r.value;
  };
  return { core, call };
}

export interface ScratchAppCore {
  /** The scratch folder (the app's data is under `data`). */
  readonly dir: string;
  readonly core: AppCore;
  readonly call: CoreCall;
  /** Closes the core and removes the folder. */
  close(): Promise<void>;
}

/** Opens the app core on a fresh scratch folder named from `prefix` (its data in `dir/data`). */
export async function scratchAppCore(prefix: string, platform: Platform = testPlatform()): Promise<ScratchAppCore> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const { core, call } = await openAppCore(join(dir, 'data'), platform).catch(async (e: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw e;
  });
  return {
    dir,
    core,
    call,
    async close() {
      await core.close();
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
