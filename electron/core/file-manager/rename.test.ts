// Rename through main's door against the embedded sandbox exchange (a real reference server, real
// SQLite): the document keeps its path and content hash, the demo's receipt and sign-off still say
// "this version", and only the owner renames, keeping the kind of file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renameTo } from '../../../shared/file-manager/rename.js';
import type { ItemView } from '../../../shared/ipc/views.js';
import { scratchAppCore, type ScratchAppCore } from '../test-support/app-core.js';

let app: ScratchAppCore;

beforeAll(async () => {
  app = await scratchAppCore('rename-');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

async function documentNamed(containerId: string, fileName: string): Promise<ItemView> {
  const listed = await app.call('items.list', { containerId });
  const headers = await app.call('items.headers', { containerId, itemPaths: listed.map((i) => i.path) });
  const found = headers.find((h) => h.decryptedHeader?.fileName === fileName);
  if (!found) throw new Error(`no document ${fileName}`);
  return found;
}

describe('Rename', () => {
  it('renames the file and keeps path, content hash, receipts and sign-offs', async () => {
    const { call } = app;
    const [study] = await call('containers.list', {});
    const containerId = study!.id;
    const consent = await documentNamed(containerId, 'informed-consent-v3.pdf');
    const receiptBefore = (await call('receipts.report', { containerId })).rows.find(
      (r) => r.itemPath === consent.path,
    )!;
    expect(receiptBefore.cells.some((c) => c?.state === 'this')).toBe(true);

    const renamed = await call('items.rename', {
      containerId,
      itemPath: consent.path,
      name: 'Informed consent, version 3',
    });
    expect(renamed.path).toBe(consent.path);
    expect(renamed.contentHash).toBe(consent.contentHash);
    expect(renamed.decryptedHeader?.fileName).toBe('Informed consent, version 3.pdf');
    // listed again from the exchange: the new name, the same item
    const again = await documentNamed(containerId, 'Informed consent, version 3.pdf');
    expect([again.path, again.contentHash]).toEqual([consent.path, consent.contentHash]);
    // Riverside's receipt was for this content: still "this version"
    const receiptAfter = (await call('receipts.report', { containerId })).rows.find(
      (r) => r.itemPath === consent.path,
    )!;
    expect(receiptAfter.cells.map((c) => c?.state)).toEqual(receiptBefore.cells.map((c) => c?.state));

    // the demo's signed document: its sign-offs stay valid and of this version
    const listed = await call('items.list', { containerId });
    const signed: ItemView[] = [];
    for (const item of listed)
      if ((await call('signoffs.forItem', { containerId, itemPath: item.path })).length) signed.push(item);
    expect(signed.length).toBeGreaterThan(0);
    const target = signed[0]!;
    const before = await call('signoffs.forItem', { containerId, itemPath: target.path });
    const [header] = await call('items.headers', { containerId, itemPaths: [target.path] });
    const name = String(header?.decryptedHeader?.fileName);
    const done = await call('items.rename', { containerId, itemPath: target.path, name: `Renamed ${name}` });
    expect(done.contentHash).toBe(target.contentHash);
    const after = await call('signoffs.forItem', { containerId, itemPath: target.path });
    expect(after.map((s) => [s.signer.name, s.valid, s.thisVersion])).toEqual(
      before.map((s) => [s.signer.name, true, true]),
    );
  });

  it('refuses another kind of file, and a document another organization owns', async () => {
    const { call } = app;
    const [study] = await call('containers.list', {});
    const containerId = study!.id;
    const protocol = await documentNamed(containerId, 'protocol-v2.pdf').catch(async () => {
      const listed = await call('items.headers', {
        containerId,
        itemPaths: (await call('items.list', { containerId })).map((i) => i.path),
      });
      return listed.find((h) => h.ownedByMe && String(h.decryptedHeader?.fileName).endsWith('.pdf'))!;
    });
    await expect(call('items.rename', { containerId, itemPath: protocol.path, name: 'protocol.docx' })).rejects.toThrow(
      /"code":"invalid-name".*Keep the ending \.pdf/,
    );

    const profiles = await call('profiles.list', {});
    await call('profiles.switch', { profileId: profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!.id });
    await expect(call('items.rename', { containerId, itemPath: protocol.path, name: 'mine.pdf' })).rejects.toThrow(
      /"code":"not-owner"/,
    );
  });
});

describe('renameTo', () => {
  it('keeps the ending, cleans the name, and says why it refuses', () => {
    expect(renameTo('report.pdf', 'Final report')).toEqual({ ok: true, name: 'Final report.pdf' });
    expect(renameTo('report.pdf', 'final.PDF')).toEqual({ ok: true, name: 'final.PDF' });
    expect(renameTo('report.pdf', '  ')).toEqual({ ok: false, reason: 'Type a name.' });
    expect(renameTo('report.pdf', 'report.pdf')).toEqual({ ok: false, reason: 'That is its name already.' });
    expect(renameTo('report.pdf', 'a/b\u202Ec.pdf')).toEqual({ ok: true, name: 'a_bc.pdf' });
    expect(renameTo('notes', 'minutes.txt')).toEqual({ ok: true, name: 'minutes.txt' });
    expect(renameTo('report.pdf', 'report.exe').ok).toBe(false);
  });
});
