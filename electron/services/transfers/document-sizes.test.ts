// Documents of sizes around the upload's block and threshold boundaries make the round trip
// byte for byte: the first pass on the encrypting worker from 4 MiB and in this thread
// below, read blocks double-buffered, the server's store blocks filled across pieces.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openItemKey, wrapKey } from '../../../shared/protocol/envelope.js';
import { startFixture, type ExchangeFixture } from '../test-support/exchange-fixture.js';
import { downloadDocument } from './document-download.js';
import { uploadDocument } from './document-upload.js';

const MIB = 1024 * 1024;
let f: ExchangeFixture;
let dir: string;

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-sizes-'));
});
afterAll(async () => {
  await f.close();
  await rm(dir, { recursive: true, force: true });
});

describe('document sizes', () => {
  it('every size near a block or threshold boundary comes back as it went', async () => {
    const { client, identity } = f.sirb;
    const study = await client.createContainer();
    const wrapForSelf = (key: Buffer): string => wrapKey(key, identity.certificatePem);
    const keys = {
      openItemKey: (item: Parameters<typeof openItemKey>[0]) => openItemKey(item, identity.privateKeyPem),
    };
    for (const size of [0, 1, MIB - 1, MIB, MIB + 1, 3 * MIB + 5, 4 * MIB, 9 * MIB + 7]) {
      const original = randomBytes(size);
      const file = path.join(dir, `doc-${size}.bin`);
      await writeFile(file, original);
      const itemPath = `sizes/doc-${size}`;
      const up = await uploadDocument({ client, containerId: study.id, path: itemPath, file, wrapForSelf });
      expect(up.header.size).toBe(size);
      const stored = await client.getItem(study.id, itemPath);
      expect(stored.contentHash, `size ${size}`).toBe(createHash('sha256').update(original).digest('hex'));
      const out = path.join(dir, `copy-${size}.bin`);
      await downloadDocument({ client, keys, containerId: study.id, path: itemPath, destination: out });
      expect((await readFile(out)).equals(original), `size ${size}`).toBe(true);
    }
  }, 60_000);
});
