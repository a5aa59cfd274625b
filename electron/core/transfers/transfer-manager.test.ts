// A verified upload whose step after it fails (sharing it with the study's owner) is stored: it
// stays verified, with the failure as a warning, rather than a failed upload whose Retry would
// upload it again from a staged copy already deleted. Against a real reference server.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../shared/app-error.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { newDocumentPath } from '../../services/transfers/document-upload.js';
import { TransferManager } from './transfer-manager.js';

let f: ExchangeFixture;
let dir: string;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'transfer-manager-'));
}, 60_000);
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('TransferManager after a verified upload', () => {
  it('keeps the upload verified with a warning when sharing it with the owner fails', async () => {
    const keys = await f.keysOf(f.site);
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    const file = join(dir, 'site-report.pdf');
    await writeFile(file, '%PDF-1.4 site report');
    const finished: (string | number | undefined)[] = [];
    const manager = new TransferManager(
      join(dir, 'transfers.json'),
      1,
      async () => ({ client: f.site.client, keys }),
      {
        afterUpload: async () => {
          throw new UserFacingError(
            'untrusted-certificate',
            'The certificate of Sandbox IRB is not issued by a certificate authority this profile trusts; nothing was shared.',
            'Not shared.',
          );
        },
        afterDownload: async () => undefined,
        finished: async (_d, error) => void finished.push(error?.code),
        cleared: async () => undefined,
      },
      () => undefined,
      () => undefined,
      () => 'p',
    );
    await manager.load();
    const remotePath = newDocumentPath('');
    const started = manager.enqueue({
      kind: 'upload',
      profileId: 'p',
      containerId: study.id,
      remotePath,
      localPath: file,
      name: undefined,
    });
    const done = await manager.whenFinished(started.id);
    expect(done.state).toBe('verified');
    expect(done.error).toBeUndefined();
    expect(done.warning).toMatchObject({
      code: 'untrusted-certificate',
      message: expect.stringContaining('nothing was shared'),
    });
    expect(finished).toEqual([undefined]);
    // stored: the exchange lists it
    expect(((await f.site.client.listItems(study.id)) as { id: string }[]).map((i) => i.id)).toEqual([
      remotePath.replace(/\//g, '|'),
    ]);
    // cleared with the tab, its warning goes with it
    expect(await manager.clear(['verified'])).toEqual([]);
    await manager.close();
  }, 60_000);
});
