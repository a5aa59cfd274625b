// Named studies against the reference server: the owner writes the record, invited sites read
// it, edits keep other clients' fields, a revoked site loses its grant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDY_RECORD_PATH } from '../../shared/study-record.js';
import type { KeyHandle } from './keys/key-vault.js';
import { SharingService } from './sharing/sharing.js';
import { StudyRecords, notSharedText } from './study-records.js';
import { startFixture, type ExchangeFixture } from './test-support/exchange-fixture.js';
import { writeRecord } from './transfers/records.js';

let f: ExchangeFixture;
let sirbKeys: KeyHandle;
let siteKeys: KeyHandle;

beforeAll(async () => {
  f = await startFixture();
  sirbKeys = await f.keysOf(f.sirb);
  siteKeys = await f.keysOf(f.site);
});
afterAll(async () => {
  await f.close();
});

const recordsOf = (side: 'sirb' | 'site') =>
  side === 'sirb'
    ? new StudyRecords(f.sirb.client, sirbKeys, new SharingService(f.sirb.client, sirbKeys, [f.ca.certificatePem]))
    : new StudyRecords(f.site.client, siteKeys, new SharingService(f.site.client, siteKeys, [f.ca.certificatePem]));

describe('study records', () => {
  it('an invited site reads the title; the fallback holds before; revoking drops the grant', async () => {
    const sirb = recordsOf('sirb');
    const site = recordsOf('site');
    const study = await f.sirb.client.createContainer();
    expect(await sirb.title(study)).toEqual({ title: `Study ${study.id.slice(0, 8)}` });

    await sirb.save(study.id, {
      title: 'Protocol 2026-114: Sleep and Recovery',
      principalInvestigator: { name: 'Dr. Ada Reyes' },
    });
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    expect(await site.title(study)).toEqual({ title: `Study ${study.id.slice(0, 8)}` });
    expect(await sirb.grantTo(study.id, f.site.org.id)).toBe(true);
    expect(await sirb.grantTo(study.id, f.site.org.id)).toBe(false);

    const seen = await site.title(study);
    expect(seen.title).toBe('Protocol 2026-114: Sleep and Recovery');
    expect(seen.record?.principalInvestigator).toEqual({ name: 'Dr. Ada Reyes' });

    expect(await sirb.revokeFrom(study.id, f.site.org.id)).toBe(true);
    const access = await f.sirb.client.getItemAccess(study.id, STUDY_RECORD_PATH);
    expect(access.map((o) => o.id)).toEqual([f.sirb.org.id]);
  });

  it('an edit keeps unknown fields and grants collaborators that lack the record', async () => {
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    // another client wrote the record with a field this one does not know, and granted no one
    const other = { type: 'study', version: 'IRBX.2', title: 'Old', ethicsRef: 'EC-9', shortTitle: 'OLD' };
    await writeRecord(f.sirb.client, sirbKeys, study.id, STUDY_RECORD_PATH, {
      header: { type: 'study', name: 'Old' },
      content: other,
    });

    const { record, granted } = await recordsOf('sirb').save(study.id, { title: 'Renamed', sponsor: 'NIH' });
    expect(granted).toEqual([f.site.org.id]);
    expect(record).toMatchObject({ title: 'Renamed', sponsor: 'NIH', ethicsRef: 'EC-9' });
    expect('shortTitle' in record).toBe(false);
    const seen = await recordsOf('site').read(study.id);
    expect(seen).toEqual(record);
    // a second edit re-seals the record: the site that had it still reads it
    await recordsOf('sirb').save(study.id, { title: 'Renamed again' });
    expect((await recordsOf('site').read(study.id))?.title).toBe('Renamed again');
  });

  it('a collaborator cannot take the study record: the exchange refuses its write, the client before it', async () => {
    const study = await f.sirb.client.createContainer();
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    // the site tries the free path first: the reference exchange reserves it for the owner
    const spoof = { type: 'study', version: 'IRBX.2', title: 'Spoofed by the site' };
    await expect(
      writeRecord(f.site.client, siteKeys, study.id, STUDY_RECORD_PATH, {
        header: { type: 'study', name: 'Spoofed' },
        content: spoof,
      }),
    ).rejects.toMatchObject({ status: 403, code: 2007 });

    const fallback = `Study ${study.id.slice(0, 8)}`;
    expect(await recordsOf('sirb').title(study)).toEqual({ title: fallback });
    expect(await recordsOf('sirb').read(study.id)).toBeUndefined();
    // the site's client refuses before any request writes
    await expect(recordsOf('site').save(study.id, { title: 'Renamed by the site' })).rejects.toMatchObject({
      code: 'not-study-owner',
    });
    // the owner's title is saved and reaches the site
    await recordsOf('sirb').save(study, { title: 'The real title' });
    expect((await recordsOf('site').title(study.id)).title).toBe('The real title');
  });

  it('a collaborator that cannot receive the record is reported; the others still get the new title', async () => {
    const bare = await f.admin.client.createOrganization({ name: `No Cert ${Date.now()}`, isSirb: false });
    const study = await f.sirb.client.createContainer();
    const sirb = recordsOf('sirb');
    await sirb.save(study.id, { title: 'First' });
    await f.sirb.client.grantContainerAccess(study.id, bare.id);
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
    await sirb.grantTo(study.id, f.site.org.id);
    expect((await recordsOf('site').title(study)).title).toBe('First');

    const saved = await sirb.save(study.id, { title: 'Second' });
    expect(saved.record.title).toBe('Second');
    expect(saved.notShared).toEqual([
      { organizationId: bare.id, organizationName: bare.name, reason: expect.any(String) },
    ]);
    expect(saved.notShared[0]!.reason.length).toBeGreaterThan(0);
    // the site listed after the failing one was re-keyed and reads the new title
    expect((await recordsOf('site').title(study)).title).toBe('Second');
    expect(notSharedText(saved.notShared)).toContain(`not shared with ${bare.name} because: `);
  });
});
