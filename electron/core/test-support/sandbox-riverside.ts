// The app core on the embedded sandbox exchange (the sIRB its active profile) and Riverside, the
// sandbox's site, writing as itself with its own session: what another organization sends, as the
// app's shared refresh sees it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadTrustedCas } from '../../../server/sandbox.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { ProfileStore } from '../../services/profiles/profiles.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import type { AppCore } from '../platform.js';
import { openSession, type Session } from '../profiles/session.js';
import { scratchAppCore, testPlatform, type CoreCall } from './app-core.js';

export interface SandboxWithRiverside {
  /** A scratch folder (the app's data is under `data`). */
  readonly dir: string;
  readonly core: AppCore;
  readonly call: CoreCall;
  readonly riverside: Session;
  /** The sIRB's organization id (the app's active profile). */
  readonly sirbId: string;
  /** Riverside uploads a document under "Site documents", shared with no one yet; answers its path, pipe form. */
  riversideUploads(containerId: string, fileName: string): Promise<string>;
  close(): Promise<void>;
}

export async function sandboxWithRiverside(prefix: string): Promise<SandboxWithRiverside> {
  const platform = testPlatform();
  const app = await scratchAppCore(prefix, platform);
  const { dir, core, call } = app;
  const data = join(dir, 'data');
  const profiles = await call('profiles.list', {});
  const sirbId = profiles.find((p) => p.active)!.organizationId;
  const site = profiles.find((p) => p.organizationName === 'Riverside Medical Center')!;
  const riverside = await openSession(
    await new ProfileStore(data).get(site.id),
    new KeyVault(data, platform.secretBox),
    `${prefix} test`,
    () => {},
    loadTrustedCas(join(data, 'sandbox', 'exchange')),
  );
  return {
    dir,
    core,
    call,
    riverside,
    sirbId,
    async riversideUploads(containerId, fileName) {
      const file = join(dir, 'upload.bin');
      await writeFile(file, `a document from Riverside: ${fileName}`);
      const path = newDocumentPath('Site documents');
      await uploadDocument({
        client: riverside.client,
        containerId,
        path,
        file,
        header: { name: fileName, fileName },
        wrapForSelf: riverside.keys.wrapForSelf,
      });
      return path;
    },
    async close() {
      riverside.close();
      await app.close();
    },
  };
}
