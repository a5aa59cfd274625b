// "Find in all studies" on a study above the size where search once stopped decrypting
// (5,000 items): every item's name is found, against the real reference server and a real session.
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealItem } from '../../../shared/protocol/envelope.js';
import type { RecordHeader } from '../../../shared/types.js';
import { probeStore, type BulkItem } from '../../../server/test-support/store-probe.js';
import { startFixture, type ExchangeFixture } from '../../services/test-support/exchange-fixture.js';
import { KeyVault } from '../../services/keys/key-vault.js';
import { PassphraseSecretBox } from '../../services/keys/secret-box.js';
import { openSession, type Session } from '../session.js';
import { findInStudies } from './search-index.js';

const ITEMS = 5_200;

let fx: ExchangeFixture;
let dir: string;
let session: Session;
let studyId: string;

/** A document as the app stores it: folder/<32 hex>, its file name only inside the sealed header. */
function documentAt(folder: string, fileName: string, publicKeyPem: string): BulkItem {
  const header = { type: 'document', version: 'IRBX.2', name: fileName, fileName, mediaType: 'application/pdf', size: 1 } as unknown as RecordHeader;
  const { content: _content, headerHashAlgorithm: _h, contentHashAlgorithm: _c, ...fields } = sealItem({ header, content: Buffer.from('x') }, publicKeyPem);
  return { path: `${folder}|${randomBytes(16).toString('hex')}`, header: fields.header, headerHash: fields.headerHash, contentHash: fields.contentHash, key: fields.key, keyHash: fields.keyHash, iv: fields.iv, contentLength: 44 };
}

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'search-index-'));
  studyId = (await fx.sirb.client.createContainer()).id;
  const pem = fx.sirb.identity.certificatePem;
  const items = Array.from({ length: ITEMS }, (_, i) =>
    documentAt(`site-${i % 10}`, i === ITEMS - 7 ? 'zebrafish-consent-v4.pdf' : `visit-report-${i}.pdf`, pem),
  );
  const probe = probeStore({ dataDir: fx.dataDir });
  try {
    await probe.insertItems(studyId, fx.sirb.org.id, items, Date.now() - 60_000);
  } finally {
    await probe.close();
  }
  const vault = new KeyVault(join(dir, 'vault'), new PassphraseSecretBox('test', { log2N: 14 }));
  const { keyRef } = await vault.importPem(fx.sirb.identity.privateKeyPem, fx.sirb.identity.certificatePem);
  const now = new Date().toISOString();
  session = await openSession(
    { id: 'p'.repeat(32), name: 'Central IRB', environment: 'test', baseUrl: fx.url, organizationId: fx.sirb.org.id, roleHints: { sirb: true }, keyRef, createdAt: now, updatedAt: now },
    vault,
    'search-index test',
    () => {},
  );
}, 120_000);

afterAll(async () => {
  session?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('findInStudies', () => {
  it('finds any document of a study above 5,000 items by the file name inside its header', async () => {
    // the study's title as the session last read or wrote it (no study record here)
    session.rememberTitle(studyId, 'Protocol 2026-114: Sleep and Recovery');
    const hits = await findInStudies(session, 'zebrafish');
    expect(hits.map((h) => [h.name, h.studyTitle, h.folder, h.kind])).toEqual([
      ['zebrafish-consent-v4.pdf', 'Protocol 2026-114: Sleep and Recovery', 'site-3', 'document'],
    ]);
    // the first and the last item listed are both covered, not only a first batch
    expect((await findInStudies(session, 'visit-report-0.pdf')).map((h) => h.name)).toContain('visit-report-0.pdf');
    expect((await findInStudies(session, `visit-report-${ITEMS - 1}.pdf`)).map((h) => h.name)).toContain(`visit-report-${ITEMS - 1}.pdf`);
    // the study itself is found by its cached title
    expect((await findInStudies(session, 'sleep and recovery'))[0]).toMatchObject({ kind: 'study', containerId: studyId });
  }, 180_000);
});
