// Every client operation against the reference server, as sIRB, pSite and admin, with the
// refusals surfacing as ExchangeError carrying the right code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueIdentity, parseCertificate } from '../../shared/protocol/certificates.js';
import { sealItem } from '../../shared/protocol/envelope.js';
import type { Container, Item } from '../../shared/types.js';
import { ExchangeError } from './exchange-errors.js';
import { startFixture, type ExchangeFixture } from './test-support/exchange-fixture.js';

let f: ExchangeFixture;
let study: Container;

const record = (owner: string, n: number) =>
  sealItem({ header: { type: 'study', version: 'IRBX.2', n }, content: Buffer.from(JSON.stringify({ n })) }, owner);

async function refusal(p: Promise<unknown>): Promise<ExchangeError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExchangeError);
  return error as ExchangeError;
}

beforeAll(async () => {
  f = await startFixture();
  study = await f.sirb.client.createContainer();
});
afterAll(async () => {
  await f.close();
});

describe('connectivity and root', () => {
  it('ping, pingSite, pingSirb', async () => {
    expect(await f.site.client.ping()).toBe('pong');
    expect(await f.site.client.pingSite()).toBe('pong');
    expect(await f.sirb.client.pingSirb()).toBe('pong');
    expect((await refusal(f.site.client.pingSirb())).code).toBe(2007);
  });

  it('root lists the endpoints', async () => {
    const root = await f.site.client.root();
    expect(root.endpoints.length).toBeGreaterThanOrEqual(22);
    expect(root.endpoints).toContainEqual(
      expect.objectContaining({ method: 'GET', path: expect.stringContaining('/ping') }),
    );
  });

  it('a clock 10 minutes slow is corrected after one 2004, and the skew reported', async () => {
    const seen: number[] = [];
    const slow = f.clientFor(f.site, { now: () => Date.now() - 600_000, onClockSkew: (ms) => seen.push(ms) });
    expect(await slow.pingSite()).toBe('pong');
    expect(seen).toHaveLength(1);
    expect(Math.abs(seen[0]! - 600_000)).toBeLessThan(5_000);
    // Later requests use the learned offset from the start.
    expect(await slow.listContainers()).toEqual(expect.any(Array));
    expect(seen).toHaveLength(1);
  });

  it('a wrong key is refused with 2003', async () => {
    const impostor = f.clientFor({ org: f.site.org, identity: issueIdentity('Impostor') });
    expect((await refusal(impostor.pingSite())).code).toBe(2003);
  });
});

describe('containers', () => {
  it('sIRB creates, lists and reads; pSite cannot create', async () => {
    expect(study.ownerId).toBe(f.sirb.org.id);
    expect((await f.sirb.client.listContainers()).map((c) => c.id)).toContain(study.id);
    expect((await f.sirb.client.getContainer(study.id)).id).toBe(study.id);
    expect((await refusal(f.site.client.createContainer())).code).toBe(2007);
    expect((await refusal(f.site.client.getContainer(study.id))).code).toBe(1015);
  });

  it('grant and revoke collaborators', async () => {
    const other = await f.sirb.client.createContainer();
    const list = await f.sirb.client.grantContainerAccess(other.id, f.site.org.id);
    expect(list.map((o) => o.id)).toEqual([f.sirb.org.id, f.site.org.id]);
    expect((await f.site.client.listContainerOrganizations(other.id)).map((o) => o.id)).toEqual([
      f.sirb.org.id,
      f.site.org.id,
    ]);
    expect((await f.site.client.listContainers()).map((c) => c.id)).toContain(other.id);
    expect((await refusal(f.site.client.grantContainerAccess(other.id, f.admin.org.id))).code).toBe(2007);
    expect((await refusal(f.sirb.client.revokeContainerAccess(other.id, f.sirb.org.id))).code).toBe(1014);
    const after = await f.sirb.client.revokeContainerAccess(other.id, f.site.org.id);
    expect(after.map((o) => o.id)).toEqual([f.sirb.org.id]);
    expect((await refusal(f.site.client.getContainer(other.id))).code).toBe(1015);
  });
});

describe('items', () => {
  let saved: Item;
  beforeAll(async () => {
    await f.sirb.client.grantContainerAccess(study.id, f.site.org.id);
  });

  it('saveItem creates (201) then updates (200); both id forms name one item', async () => {
    const first = await f.sirb.client.saveItem(study.id, 'records/one', record(f.sirb.identity.certificatePem, 1));
    expect(first.created).toBe(true);
    expect(first.item.id).toBe('records|one');
    const second = await f.sirb.client.saveItem(study.id, 'records|one', record(f.sirb.identity.certificatePem, 2));
    expect(second.created).toBe(false);
    saved = second.item;
  });

  it('addItem lets the service name the item', async () => {
    const added = await f.site.client.addItem(study.id, 'uploads', record(f.site.identity.certificatePem, 3));
    expect(added.id).toMatch(/^uploads\|[0-9a-f]{32}$/);
    const top = await f.site.client.addItem(study.id, '', record(f.site.identity.certificatePem, 4));
    expect(top.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('listItems: folder, item, recurse, owner, since', async () => {
    const folder = await f.sirb.client.listItems(study.id, 'records');
    expect(Array.isArray(folder) && folder.map((i) => i.id)).toEqual(['records|one']);
    const single = await f.sirb.client.listItems(study.id, 'records/one');
    expect(Array.isArray(single)).toBe(false);
    expect((single as Item).contentHash).toBe(saved.contentHash);
    const all = (await f.site.client.listItems(study.id, undefined, { recurse: true })) as Item[];
    expect(all.every((i) => !('content' in i))).toBe(true);
    expect(all.length).toBe(2); // the pSite sees only its own two
    const mine = (await f.sirb.client.listItems(study.id, undefined, {
      recurse: true,
      owner: f.sirb.org.id,
    })) as Item[];
    expect(mine.map((i) => i.id)).toEqual(['records|one']);
    const future = (await f.sirb.client.listItems(study.id, undefined, {
      recurse: true,
      since: '2999-01-01T00:00:00-07:00',
    })) as Item[];
    expect(future).toEqual([]);
    // An item the pSite was not granted is not shown to it (as not found, or as an empty folder).
    expect((await refusal(f.site.client.getItem(study.id, 'records/one'))).code).toBe(1015);
  });

  it('getItemContent and openItemContent return the content', async () => {
    const whole = await f.sirb.client.getItemContent(study.id, 'records/one');
    expect(whole.content.length).toBeGreaterThan(0);
    const streamed = await f.sirb.client.openItemContent(study.id, 'records|one');
    const chunks: Buffer[] = [];
    for await (const c of streamed.body) chunks.push(c as Buffer);
    expect(JSON.parse(Buffer.concat(chunks).toString()).content).toBe(whole.content);
  });

  it('item access: grant, list, update, revoke, with refusals', async () => {
    const item = await f.sirb.client.getItem(study.id, 'records/one');
    const wrapped = item.key; // any Base-64 key is stored as given; readers unwrap their own
    const granted = await f.sirb.client.grantItemAccess(study.id, 'records/one', f.site.org.id, wrapped);
    expect(granted.map((o) => o.id)).toEqual([f.sirb.org.id, f.site.org.id]);
    expect((await f.site.client.getItemAccess(study.id, 'records/one')).map((o) => o.id)).toEqual([
      f.sirb.org.id,
      f.site.org.id,
    ]);
    expect((await refusal(f.sirb.client.grantItemAccess(study.id, 'records/one', f.site.org.id, wrapped))).code).toBe(
      1013,
    );
    expect((await refusal(f.sirb.client.grantItemAccess(study.id, 'records/one', f.admin.org.id, wrapped))).code).toBe(
      1012,
    );
    expect((await refusal(f.site.client.grantItemAccess(study.id, 'records/one', f.admin.org.id, wrapped))).code).toBe(
      2007,
    );
    expect((await f.sirb.client.updateItemAccess(study.id, 'records/one', f.site.org.id, wrapped)).length).toBe(2);
    expect((await refusal(f.sirb.client.revokeItemAccess(study.id, 'records/one', f.sirb.org.id))).code).toBe(1014);
    expect((await f.sirb.client.revokeItemAccess(study.id, 'records/one', f.site.org.id)).map((o) => o.id)).toEqual([
      f.sirb.org.id,
    ]);
    expect((await refusal(f.sirb.client.updateItemAccess(study.id, 'records/one', f.site.org.id, wrapped))).code).toBe(
      1015,
    );
  });

  it('deleteItem by the owner only', async () => {
    await f.sirb.client.saveItem(study.id, 'records/gone', record(f.sirb.identity.certificatePem, 5));
    expect((await refusal(f.site.client.deleteItem(study.id, 'records/gone'))).code).toBe(1015);
    await f.sirb.client.deleteItem(study.id, 'records/gone');
    expect((await refusal(f.sirb.client.getItemContent(study.id, 'records/gone'))).code).toBe(1015);
  });

  it('a pSite cannot overwrite the sIRB item it can read', async () => {
    const item = await f.sirb.client.getItem(study.id, 'records/one');
    await f.sirb.client.grantItemAccess(study.id, 'records/one', f.site.org.id, item.key);
    expect(
      (await refusal(f.site.client.saveItem(study.id, 'records/one', record(f.site.identity.certificatePem, 9)))).code,
    ).toBe(2007);
  });

  it('bad payloads are refused with the field codes', async () => {
    const good = record(f.sirb.identity.certificatePem, 1);
    expect((await refusal(f.sirb.client.saveItem(study.id, 'x', { ...good, content: '***' }))).code).toBe(1007);
    expect((await refusal(f.sirb.client.saveItem(study.id, 'x', { ...good, iv: 'XYZ' }))).code).toBe(1008);
    const { key: _key, ...noKey } = good;
    expect((await refusal(f.sirb.client.saveItem(study.id, 'x', noKey as typeof good))).code).toBe(1006);
  });
});

describe('organizations', () => {
  it('list, filter by name, get, certificate', async () => {
    const all = await f.site.client.listOrganizations();
    expect(all.map((o) => o.name)).toEqual(expect.arrayContaining(['Central IRB', 'Site Hospital', 'Exchange Admin']));
    expect((await f.site.client.listOrganizations('cent')).map((o) => o.id)).toEqual([f.sirb.org.id]);
    const org = await f.site.client.getOrganization(f.sirb.org.id);
    expect(org.isSirb).toBe(true);
    const pem = await f.site.client.getCertificate(f.sirb.org.id);
    expect(parseCertificate(pem).thumbprint).toBe(org.thumbprint);
    expect((await refusal(f.site.client.getOrganization('0'.repeat(32)))).code).toBe(1015);
  });

  it('a name with a plus or a space is searched for as written (the query the server reads is the one signed)', async () => {
    await f.admin.client.createOrganization({ name: 'Plus X Clinic' });
    await f.admin.client.createOrganization({ name: 'Plus+X Clinic' });
    expect((await f.site.client.listOrganizations('Plus+X')).map((o) => o.name)).toEqual(['Plus+X Clinic']);
    expect((await f.site.client.listOrganizations('Plus X')).map((o) => o.name)).toEqual(['Plus X Clinic']);
  });

  it('since with a local offset is read as that instant; one without an offset is refused before sending', async () => {
    const before = (await f.sirb.client.listItems(study.id, undefined, { recurse: true })) as Item[];
    expect(before.length).toBeGreaterThan(0);
    const latest = before
      .map((i) => i.updatedAt)
      .sort()
      .at(-1)!;
    // the same instant written at -07:00 keeps the newest item, a second later drops it
    const at = new Date(Date.parse(latest));
    const local = (ms: number): string => new Date(ms - 7 * 3_600_000).toISOString().replace('Z', '-07:00');
    expect(
      ((await f.sirb.client.listItems(study.id, undefined, { recurse: true, since: local(at.getTime()) })) as Item[])
        .length,
    ).toBeGreaterThan(0);
    expect(
      await f.sirb.client.listItems(study.id, undefined, { recurse: true, since: local(at.getTime() + 1000) }),
    ).toEqual([]);
    await expect(f.sirb.client.listItems(study.id, undefined, { since: '2026-11-21T10:33:34' })).rejects.toThrow(
      /not an ISO 8601/,
    );
  });

  it('admin creates, updates and sets certificates; others are refused', async () => {
    const created = await f.admin.client.createOrganization({ name: 'New Site', isSirb: false });
    expect(created.thumbprint).toBe('');
    expect((await refusal(f.admin.client.createOrganization({ name: 'new site' }))).code).toBe(1003);
    expect((await refusal(f.sirb.client.createOrganization({ name: 'Nope' }))).code).toBe(2007);
    const updated = await f.admin.client.updateOrganization(created.id, { name: 'Newer Site', isSirb: true });
    expect(updated).toMatchObject({ name: 'Newer Site', isSirb: true });
    expect((await refusal(f.site.client.getCertificate(created.id))).code).toBe(1015);
    const identity = issueIdentity('Newer Site');
    const withCert = await f.admin.client.putCertificate(created.id, identity.certificatePem);
    expect(withCert.thumbprint).toBe(parseCertificate(identity.certificatePem).thumbprint);
    const der = parseCertificate(identity.certificatePem).der;
    expect((await f.admin.client.putCertificate(created.id, der, 'application/pkix-cert')).thumbprint).toBe(
      withCert.thumbprint,
    );
    expect((await refusal(f.admin.client.putCertificate(created.id, 'junk'))).code).toBe(1010);
    expect((await refusal(f.admin.client.putCertificate(created.id, ''))).code).toBe(1001);
    expect((await refusal(f.site.client.putCertificate(created.id, identity.certificatePem))).code).toBe(2007);
    const disabled = await f.admin.client.updateOrganization(created.id, { isDisabled: true });
    expect(disabled.isDisabled).toBe(true);
    const newcomer = f.clientFor({ org: disabled, identity });
    expect((await refusal(newcomer.pingSite())).code).toBe(2006);
  });
});
