// A study archive against the real reference exchange (decisions §11): documents in nested folders
// with colliding and hostile names, one the exporter can list but not open, a receipt, signed
// statements, and a receipt and a real sign-off of a version since replaced; then verify.sh in a clean shell, sha256sum -c on its own, the Node verifier, a
// flipped byte and a flipped character each failing exactly their check, the zip equal to the
// folder, and a cancelled export leaving nothing. Names that differ only by a lone surrogate get
// two entries; the archive's own write failure ends the export and leaves nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes, sign } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity } from '../../../shared/protocol/certificates.js';
import { sealItem } from '../../../shared/protocol/envelope.js';
import { registerInDataFolder } from '../../../server/index.js';
import type { Item } from '../../../shared/types.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { CancelledError } from '../exchange-errors.js';
import type { KeyHandle } from '../keys/key-vault.js';
import { ReceiptSender } from '../receipts/receipt-sender.js';
import { SharingService } from '../sharing/sharing.js';
import { startFixture, type ExchangeFixture, type FixtureOrg } from '../test-support/exchange-fixture.js';
import { flipField, startTamperProxy } from '../test-support/tamper-proxy.js';
import { newDocumentPath, uploadDocument } from '../transfers/document-upload.js';
import { writeRecord } from '../transfers/records.js';
import type { ArchivedSignoff, SignoffSource } from './archive-model.js';
import { isInsideArchive } from '../../../shared/archive/archive-paths.js';
import { keySigner } from '../../../shared/protocol/signing.js';
import { SignOffReader } from '../signoffs/signoff-reader.js';
import { writeSignOff } from '../signoffs/signoff-writer.js';
import { archiveSignoffs } from './archive-signoffs.js';
import { exportStudy } from './export-study.js';
import { shownInstant } from './index-html.js';
import { VERIFY_SH } from './verify-script.js';
import { readArchive } from './archive-reader.js';
import { verifyArchive } from './verify-archive.js';

let f: ExchangeFixture;
let dir: string;
let sirbKeys: KeyHandle;
let siteKeys: KeyHandle;
let other: FixtureOrg;
let studyId: string;
let consent: Item;
/** Received and signed off by the site as v1, then replaced by the sIRB: both are of an earlier version. */
let protocol: Item;
const names: string[] = [];

const thumbprintOf = (pem: string): string =>
  createHash('sha1')
    .update(Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64'))
    .digest('hex');

async function upload(folder: string, name: string, text: string, itemPath = newDocumentPath(folder)): Promise<Item> {
  const file = path.join(dir, `upload-${names.length}`);
  names.push(name);
  await writeFile(file, text);
  return (
    await uploadDocument({
      client: f.sirb.client,
      containerId: studyId,
      path: itemPath,
      file,
      name,
      header: { fileName: name },
      wrapForSelf: sirbKeys.wrapForSelf,
    })
  ).item;
}

/** Sign-offs as decisions §10 writes them, signed by the sIRB's key: one of this version, one of an earlier one. */
const madeSignoffs: SignoffSource = async ({ itemPath, contentHash }) => {
  if (itemPath !== consent.id.replace(/\|/g, '/')) return [];
  const made = (hash: string, meaning: string, signedAt: string): ArchivedSignoff => {
    const statement = {
      containerId: studyId,
      itemId: itemPath,
      contentHash: hash,
      documentName: 'Consent form',
      meaning,
      signer: { name: 'Dana Whitfield', role: 'IRB chair' },
      organizationId: f.sirb.org.id,
      signedAt,
    };
    const statementBytes = Buffer.from(canonicalize(statement)!, 'utf8');
    const signature = sign('sha256', statementBytes, f.sirb.identity.privateKeyPem);
    const thumbprint = thumbprintOf(f.sirb.identity.certificatePem);
    return {
      record: {
        type: 'signoff',
        version: 'SX.1',
        statement,
        signature: signature.toString('base64'),
        certificate: thumbprint,
      },
      statementBytes,
      signature,
      thumbprint,
      certificatePem: f.sirb.identity.certificatePem,
      signerName: 'Dana Whitfield',
      signerRole: 'IRB chair',
      organizationId: f.sirb.org.id,
      organizationName: f.sirb.org.name,
      signedAt,
      meaning,
      valid: true,
      thisVersion: hash === contentHash,
    };
  };
  return [
    made(contentHash, 'approved', '2026-11-20T10:00:00Z'),
    made('0'.repeat(64), 'reviewed', '2026-10-01T09:30:00Z'),
  ];
};

beforeAll(async () => {
  f = await startFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sx-archive-'));
  sirbKeys = await f.keysOf(f.sirb);
  siteKeys = await f.keysOf(f.site);
  const identity = issueIdentity('Other Site', { ca: f.ca });
  const org = await registerInDataFolder(f.dataDir, { name: 'Other Site', certificatePem: identity.certificatePem });
  other = { org, identity, client: f.clientFor({ org, identity }) };

  studyId = (await f.sirb.client.createContainer()).id;
  await f.sirb.client.grantContainerAccess(studyId, f.site.org.id);
  await writeRecord(f.sirb.client, sirbKeys, studyId, 'study', {
    header: { type: 'study', name: 'Archive study' },
    content: { type: 'study', version: 'IRBX.2', title: 'Archive study', protocolNumber: 'P-2026-7' },
  });
  consent = await upload('documents/consent', 'consent.pdf', 'consent v1');
  await upload('documents/consent', 'Consent.PDF', 'same name, other case');
  await upload('site-files/cv', '../x', 'dot dot');
  await upload('site-files/cv', 'CON', 'reserved');
  await upload('site-files/cv', 'ctl\u0007name\u0000.txt', 'controls');
  await upload('site-files/cv', `${'ü'.repeat(127)}.txt`, '255 bytes');
  await upload('site-files/cv', '\u202Efdp.exe', 'right-to-left');
  // listed, but wrapped for another organization's key: the sIRB cannot open it
  await f.sirb.client.saveItem(
    studyId,
    'documents|sealed',
    sealItem(
      {
        header: { type: 'document', version: 'IRBX.2', name: 'sealed.pdf', fileName: 'sealed.pdf', size: 3 },
        content: Buffer.from('abc'),
      },
      other.identity.certificatePem,
    ),
  );
  // the site receives the consent form: a receipt the archive carries
  await new SharingService(f.sirb.client, sirbKeys, [f.ca.certificatePem]).grant(studyId, consent.id, f.site.org.id);
  const sender = new ReceiptSender({
    file: path.join(dir, 'site-queue.json'),
    session: async () => ({
      client: f.site.client,
      keys: siteKeys,
      sharing: new SharingService(f.site.client, siteKeys, [f.ca.certificatePem]),
    }),
  });
  await sender.received(
    {
      containerId: studyId,
      item: await f.site.client.getItem(studyId, consent.id),
      headerType: 'document',
      action: 'opened',
    },
    f.site.org.id,
  );
  // the protocol: the site receives v1 and signs it off (as the app writes it), then the sIRB replaces it
  protocol = await upload('documents/protocol', 'protocol.pdf', 'protocol v1');
  await new SharingService(f.sirb.client, sirbKeys, [f.ca.certificatePem]).grant(studyId, protocol.id, f.site.org.id);
  await sender.received(
    {
      containerId: studyId,
      item: await f.site.client.getItem(studyId, protocol.id),
      headerType: 'document',
      action: 'opened',
    },
    f.site.org.id,
  );
  await writeSignOff(
    {
      client: f.site.client,
      keys: siteKeys,
      sharing: new SharingService(f.site.client, siteKeys, [f.ca.certificatePem]),
    },
    { sign: keySigner(f.site.identity.privateKeyPem), thumbprint: siteKeys.certificate!.thumbprint },
    studyId,
    protocol.id,
    { meaning: 'acknowledged', signer: { name: 'Ana Ruiz', role: 'Coordinator' }, shareWith: 'owner' },
  );
  sender.close();
  const v2 = await upload('documents/protocol', 'protocol.pdf', 'protocol v2', protocol.id);
  expect(v2.contentHash).not.toBe(protocol.contentHash);
});
afterAll(async () => {
  await f?.close();
  await rm(dir, { recursive: true, force: true });
});

const exportTo = (destination: string, signal?: AbortSignal) =>
  exportStudy({
    client: f.sirb.client,
    keys: sirbKeys,
    containerId: studyId,
    destination,
    exchangeUrl: f.url,
    exporter: { organizationName: f.sirb.org.name, person: 'Dana Whitfield' },
    trustAnchors: [f.ca.certificatePem],
    audit: async () => 'time,action\r\n2026-11-20T10:00:00Z,upload\r\n',
    // the made-up ones of the consent form, and the real ones as the app reads them
    signoffs: async (document) => [...(await madeSignoffs(document)), ...(await realSignoffs(document))],
    signal,
    now: () => new Date('2026-11-28T12:00:00Z'),
  });

const realSignoffs: SignoffSource = (document) =>
  archiveSignoffs(
    new SignOffReader({ client: f.sirb.client, keys: sirbKeys, trustAnchors: async () => [f.ca.certificatePem] }),
    studyId,
    async (id) => (id === f.site.org.id ? f.site.org.name : id),
  )(document);

/** verify.sh as an inspector runs it: a clean environment, sh, and nothing but the archive. */
function runVerify(root: string): { status: number | null; out: string } {
  const r = spawnSync('sh', ['verify.sh'], { cwd: root, env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('study archive', () => {
  it('exports a folder that verify.sh, sha256sum and the app all check', async () => {
    const root = path.join(dir, 'archive');
    const summary = await exportTo(root);
    expect(summary.documents).toBe(8);
    expect(summary.signoffs).toBe(3);
    expect(summary.notIncluded).toEqual([
      expect.objectContaining({ itemId: 'documents/sealed', reason: expect.stringContaining('does not hold') }),
    ]);

    const manifest = JSON.parse(await readFile(path.join(root, 'manifest.json'), 'utf8'));
    expect(manifest.study).toEqual({ id: studyId, title: 'Archive study', protocolNumber: 'P-2026-7' });
    const paths: string[] = manifest.documents.map((d: { path: string }) => d.path);
    // two names that differ only in case: the second listed gets " (2)" (listing order is by id)
    const consents = paths.filter((p) => p.startsWith('documents/documents/consent/')).sort();
    expect([
      ['documents/documents/consent/Consent (2).PDF', 'documents/documents/consent/consent.pdf'],
      ['documents/documents/consent/Consent.PDF', 'documents/documents/consent/consent (2).pdf'],
    ]).toContainEqual(consents);
    for (const p of paths) {
      expect(p.split('/')).not.toContain('..');
      expect(isInsideArchive(p), p).toBe(true);
      expect(p).not.toContain('\u202e');
    }
    const doc = manifest.documents.find((d: { itemId: string }) => d.itemId === consent.id.replace(/\|/g, '/'));
    expect(doc.receipts).toEqual([
      expect.objectContaining({ organizationId: f.site.org.id, state: 'this', action: 'opened' }),
    ]);
    expect(doc.signoffs.map((s: { meaning: string; thisVersion: boolean }) => [s.meaning, s.thisVersion])).toEqual([
      ['approved', true],
      ['reviewed', false],
    ]);
    // the protocol as it is now (v2), with the site's receipt and sign-off of v1, kept and labelled earlier
    const replaced = manifest.documents.find((d: { itemId: string }) => d.itemId === protocol.id.replace(/\|/g, '/'));
    expect(await readFile(path.join(root, ...replaced.path.split('/')), 'utf8')).toBe('protocol v2');
    expect(replaced.receipts).toEqual([
      expect.objectContaining({ organizationId: f.site.org.id, state: 'earlier', action: 'opened' }),
    ]);
    expect(replaced.signoffs).toEqual([
      expect.objectContaining({
        signerName: 'Ana Ruiz',
        organizationId: f.site.org.id,
        meaning: 'acknowledged',
        valid: true,
        thisVersion: false,
      }),
    ]);
    const earlierFile = replaced.signoffs[0].file.replace(/\.json$/, '');
    const signed = JSON.parse(await readFile(path.join(root, `${earlierFile}.statement.json`), 'utf8'));
    expect(signed.contentHash).toBe(protocol.contentHash);
    // each document's SHA256SUMS line is its contentHash
    const sums = await readFile(path.join(root, 'SHA256SUMS'), 'utf8');
    for (const d of manifest.documents) expect(sums).toContain(`${d.contentHash}  ${d.path}\n`);

    const html = await readFile(path.join(root, 'index.html'), 'utf8');
    expect(html).toContain('Dana Whitfield, IRB chair');
    expect(html).toContain('2026-11-20 10:00:00 UTC');
    expect(html).toContain('documents/sealed');
    expect(html).not.toMatch(/<script/i);
    const row = html.split('<tr>').find((r) => r.includes(`>${replaced.path}<`))!;
    expect(row).toContain('Site Hospital: an earlier version');
    expect(row).toContain(
      `<strong>Acknowledged</strong> by Ana Ruiz, Coordinator (Site Hospital), ${shownInstant(replaced.signoffs[0].signedAt)} — an earlier version`,
    );
    expect(row).not.toContain('this version');

    const verify = runVerify(root);
    expect(verify.out).toMatch(/^\d+ checks passed, 0 failed$/m);
    expect(verify.status).toBe(0);
    expect(verify.out).toContain('ok      signoffs/1: signature');
    // the site's sign-off of the replaced version: its signature and its certificate chain
    expect(verify.out.split('\n').filter((l) => l.includes(`${earlierFile}:`))).toEqual([
      `ok      ${earlierFile}: certificate is ${siteKeys.certificate!.thumbprint}`,
      `ok      ${earlierFile}: certificate chains to a trust anchor`,
      `ok      ${earlierFile}: signature`,
    ]);
    expect(spawnSync('sha256sum', ['-c', '--quiet', 'SHA256SUMS'], { cwd: root }).status).toBe(0);
    const node = await verifyArchive(root);
    expect(node.failed).toBe(0);
    expect(node.passed).toBe(Number(/^(\d+) checks passed/m.exec(verify.out)![1]));

    // one flipped byte of one document: exactly that check fails
    const victim = path.join(root, ...'documents/site-files/cv/_CON'.split('/'));
    const bytes = await readFile(victim);
    bytes[0]! ^= 1;
    await writeFile(victim, bytes);
    const flipped = runVerify(root);
    expect(flipped.status).not.toBe(0);
    expect(flipped.out.split('\n').filter((l) => l.startsWith('FAILED'))).toEqual([
      'FAILED  sha256 documents/site-files/cv/_CON',
    ]);
    bytes[0]! ^= 1;
    await writeFile(victim, bytes);

    // one character of a statement: its sha256 line and its signature fail, nothing else
    const statement = path.join(root, 'signoffs', '1.statement.json');
    const text = await readFile(statement, 'utf8');
    await writeFile(statement, text.replace('approved', 'apprOved'));
    const edited = runVerify(root);
    expect(edited.status).not.toBe(0);
    expect(edited.out.split('\n').filter((l) => l.startsWith('FAILED'))).toEqual([
      'FAILED  sha256 signoffs/1.statement.json',
      'FAILED  signoffs/1: signature',
    ]);
    expect((await verifyArchive(root)).checks.filter((c) => !c.ok).map((c) => c.what)).toEqual([
      'sha256 signoffs/1.statement.json',
      'signoffs/1: signature',
    ]);
    await writeFile(statement, text);
  });

  it('writes the same tree as a zip, which unzip unpacks to the same files', async () => {
    const zip = path.join(dir, 'study.zip');
    await exportTo(zip);
    const folder = path.join(dir, 'same');
    await exportTo(folder);
    const [a, b] = await Promise.all([readArchive(zip), readArchive(folder)]);
    expect([...a.hashes].sort()).toEqual([...b.hashes].sort());
    const unpacked = path.join(dir, 'unpacked');
    execFileSync('unzip', ['-q', zip, '-d', unpacked]);
    // byte for byte, and verify.sh stays executable
    expect(spawnSync('diff', ['-r', folder, unpacked]).status).toBe(0);
    expect(runVerify(unpacked).status).toBe(0);
    expect((await verifyArchive(zip)).failed).toBe(0);
  });

  it('a SHA256SUMS line naming a path outside the archive fails, though the file there matches', async () => {
    const root = path.join(dir, 'hostile', 'archive');
    await mkdir(root, { recursive: true });
    const outside = 'read by no verifier\n';
    await writeFile(path.join(dir, 'hostile', 'secret'), outside);
    const hash = createHash('sha256').update(outside).digest('hex');
    await writeFile(path.join(root, 'verify.sh'), VERIFY_SH);
    await writeFile(
      path.join(root, 'SHA256SUMS'),
      `${hash}  ../secret\n${hash}  /${path.join(dir, 'hostile', 'secret').slice(1)}\n`,
    );
    const verify = runVerify(root);
    expect(verify.status).not.toBe(0);
    expect(verify.out.split('\n').filter((l) => l.startsWith('FAILED'))).toEqual([
      'FAILED  ../secret: leaves the archive',
      `FAILED  ${path.join(dir, 'hostile', 'secret')}: leaves the archive`,
    ]);
    expect(verify.out).toMatch(/^0 checks passed, 2 failed$/m);
    expect((await verifyArchive(root)).checks.filter((c) => !c.ok).map((c) => c.what)).toEqual([
      '../secret: leaves the archive',
      `${path.join(dir, 'hostile', 'secret')}: leaves the archive`,
    ]);
  });

  it('a document changed in transit goes in neither the zip nor the folder; it is named with its reason', async () => {
    const proxy = await startTamperProxy(f.url);
    try {
      const id = (await f.sirb.client.createContainer()).id;
      const source = path.join(dir, 'tampered-source.bin');
      await writeFile(source, randomBytes(300_000));
      const [damaged] = await Promise.all(
        ['damaged.bin', 'intact.bin'].map(async (name) => {
          const itemPath = newDocumentPath('papers');
          await uploadDocument({
            client: f.sirb.client,
            containerId: id,
            path: itemPath,
            file: source,
            name,
            header: { fileName: name },
            wrapForSelf: sirbKeys.wrapForSelf,
          });
          return itemPath;
        }),
      );
      // the damaged document's content changes a third of the way in: its bytes stream into the
      // entry before the content hash, checked at the end, fails
      proxy.rewrite((method, url, body) =>
        method === 'GET' && url.includes('/content/') && url.includes(damaged!.split('/').pop()!)
          ? flipField(body, 'content', 0.3)
          : undefined,
      );
      const viaProxy = f.clientFor(f.sirb, { baseUrl: proxy.url, retry: { attempts: 1, baseDelayMs: 1 } });
      const exported = (destination: string) =>
        exportStudy({
          client: viaProxy,
          keys: sirbKeys,
          containerId: id,
          destination,
          exchangeUrl: f.url,
          exporter: { organizationName: f.sirb.org.name },
          trustAnchors: [f.ca.certificatePem],
          now: () => new Date('2026-11-28T12:00:00Z'),
        });
      const zip = path.join(dir, 'tampered.zip');
      const folder = path.join(dir, 'tampered');
      const [a, b] = [await exported(zip), await exported(folder)];
      for (const summary of [a, b]) {
        expect(summary.documents).toBe(1);
        expect(summary.notIncluded.map((n) => [n.name, n.reason])).toEqual([
          ['damaged.bin', 'failed its content hash check'],
        ]);
      }
      // the damaged bytes, streamed in before the hash failed, were cut off again
      expect((await stat(zip)).size).toBeLessThan(2 * 300_000);
      const contents = await readArchive(zip);
      expect([...contents.hashes.keys()].filter((p) => p.startsWith('documents/'))).toEqual([
        'documents/papers/intact.bin',
      ]);
      expect(contents.small.get('SHA256SUMS')!.toString()).not.toContain('damaged');
      const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as {
        notIncluded: { itemId: string }[];
      };
      expect(manifest.notIncluded.map((n) => n.itemId)).toEqual([toSlashForm(damaged!)]);
      const unpacked = path.join(dir, 'tampered-unpacked');
      execFileSync('unzip', ['-q', zip, '-d', unpacked]);
      expect(spawnSync('diff', ['-r', folder, unpacked]).status).toBe(0);
      expect(runVerify(unpacked).status).toBe(0);
      expect((await verifyArchive(zip)).failed).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('two documents named "\\ud800.pdf" and "\\ud801.pdf" become two entries, and the archive verifies', async () => {
    const id = (await f.sirb.client.createContainer()).id;
    const source = path.join(dir, 'surrogate-source.txt');
    for (const [n, name] of ['\ud800.pdf', '\ud801.pdf'].entries()) {
      await writeFile(source, `lone surrogate ${n}`);
      await uploadDocument({
        client: f.sirb.client,
        containerId: id,
        path: newDocumentPath('papers'),
        file: source,
        name,
        header: { fileName: name },
        wrapForSelf: sirbKeys.wrapForSelf,
      });
    }
    const exported = (destination: string) =>
      exportStudy({
        client: f.sirb.client,
        keys: sirbKeys,
        containerId: id,
        destination,
        exchangeUrl: f.url,
        exporter: { organizationName: f.sirb.org.name },
        trustAnchors: [f.ca.certificatePem],
      });
    const zip = path.join(dir, 'surrogates.zip');
    const folder = path.join(dir, 'surrogates');
    for (const summary of [await exported(zip), await exported(folder)]) {
      expect(summary.documents).toBe(2);
      expect(summary.notIncluded).toEqual([]);
    }
    const contents = await readArchive(zip, (name) => name === 'manifest.json');
    const documents = [...contents.hashes.keys()].filter((p) => p.startsWith('documents/')).sort();
    expect(documents).toEqual(['documents/papers/\ufffd (2).pdf', 'documents/papers/\ufffd.pdf']);
    const manifest = JSON.parse(contents.small.get('manifest.json')!.toString('utf8')) as {
      documents: { path: string }[];
    };
    expect(manifest.documents.map((d) => d.path).sort()).toEqual(documents);
    expect(execFileSync('unzip', ['-tq', zip], { encoding: 'utf8' })).toMatch(/No errors detected/);
    expect((await verifyArchive(zip)).failed).toBe(0);
    expect((await verifyArchive(folder)).failed).toBe(0);
    expect(runVerify(folder).status).toBe(0);
  });

  it("the archive's own write failure ends the export with its reason and leaves nothing", async () => {
    const id = (await f.sirb.client.createContainer()).id;
    const source = path.join(dir, 'blocked-source.txt');
    await writeFile(source, 'only');
    await uploadDocument({
      client: f.sirb.client,
      containerId: id,
      path: newDocumentPath('papers'),
      file: source,
      name: 'only.pdf',
      header: { fileName: 'only.pdf' },
      wrapForSelf: sirbKeys.wrapForSelf,
    });
    const destination = path.join(dir, 'blocked');
    let blocked = false;
    const run = exportStudy({
      client: f.sirb.client,
      keys: sirbKeys,
      containerId: id,
      destination,
      exchangeUrl: f.url,
      exporter: { organizationName: f.sirb.org.name },
      trustAnchors: [f.ca.certificatePem],
      // before the first document: a file already where the archive's own write of it goes
      // (the folder's file is created exclusively), so the write stream itself fails to open
      onProgress: () => {
        if (blocked) return;
        blocked = true;
        const partial = readdirSync(dir).find((n) => n.startsWith('.blocked.') && n.endsWith('.partial'))!;
        mkdirSync(path.join(dir, partial, 'documents', 'papers'), { recursive: true });
        writeFileSync(path.join(dir, partial, 'documents', 'papers', 'only.pdf'), 'in the way');
      },
    });
    await expect(run).rejects.toThrow(/^The archive could not be written: EEXIST/);
    expect(blocked).toBe(true);
    expect((await readdir(dir)).filter((n) => n.includes('blocked') && n !== 'blocked-source.txt')).toEqual([]);
  });

  it('a cancelled export leaves nothing behind', async () => {
    const controller = new AbortController();
    const destination = path.join(dir, 'cancelled.zip');
    controller.abort();
    await expect(exportTo(destination, controller.signal)).rejects.toBeInstanceOf(Error);
    const left = (await readdir(dir)).filter((n) => n.includes('cancelled'));
    expect(left).toEqual([]);
    void CancelledError;
  });
});
