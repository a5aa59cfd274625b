// The app's own surface, through the door with the real handlers of createApp (embedded
// sandbox exchange): untrusted senders and malformed payloads are refused for every contract
// operation before any handler runs; no IPC result or event of a real journey carries a
// private key, the passphrase or a plaintext item key; the data folder holds no key in clear.
import { createPrivateKey, randomBytes } from 'node:crypto';
import { readdir, readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operations,
  type IpcResult,
  type OperationArgs,
  type OperationName,
  type OperationResult,
} from '../shared/ipc/contract.js';
import { OPERATION_NAMES } from '../shared/ipc/names.js';
import { STUDY_RECORD_PATH } from '../shared/study-record.js';
import type { Item } from '../shared/types.js';
import { issueIdentity } from '../shared/protocol/certificates.js';
import { createApp } from '../electron/core/app.js';
import { allowOrigins, createDoor, type Door, type Handlers } from '../electron/core/ipc-door.js';
import type { AppCore, Platform } from '../electron/core/platform.js';
import { KeyVault } from '../electron/services/keys/key-vault.js';
import { PassphraseSecretBox } from '../electron/services/keys/secret-box.js';
import { ProfileStore } from '../electron/services/profiles/profiles.js';
import { ExchangeClient } from '../electron/services/exchange-client.js';

const APP_ORIGIN = 'http://127.0.0.1:5000';
const PASSPHRASE = `reliability-passphrase-${randomBytes(8).toString('hex')}`;
const P12_PASSWORD = `p12-password-${randomBytes(6).toString('hex')}`;

let dir: string;
let dataDir: string;
let core: AppCore;
let door: Door;
const handlerCalls: string[] = [];
/** Every result and event that crossed (or would cross) to the renderer, as JSON text. */
const transcript: string[] = [];
const imported = issueIdentity('Imported Clinic');
const fromP12 = issueIdentity('Pkcs12 Clinic');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reliability-app-'));
  dataDir = join(dir, 'data');
  const platform: Platform = {
    kind: 'browser',
    openPath: async () => undefined,
    offerDownload: (p) => `/api/download/${encodeURIComponent(p)}`,
    notify: () => undefined,
    secretBox: new PassphraseSecretBox(PASSPHRASE, { log2N: 14 }),
  };
  core = await createApp({ dataDir, platform, version: '0.0.0-reliability' });
  core.onEvent((event, payload) => void transcript.push(JSON.stringify({ event, payload })));
  // the real handlers, counted: a refusal at the door must never reach one
  const counted = Object.fromEntries(
    OPERATION_NAMES.map((name) => [
      name,
      (args: unknown) => {
        handlerCalls.push(name);
        return (core.handlers[name] as (a: unknown) => unknown)(args);
      },
    ]),
  ) as unknown as Handlers;
  door = createDoor({ handlers: counted, isTrustedSender: allowOrigins([APP_ORIGIN]) });
}, 120_000);

afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

async function call<N extends OperationName>(name: N, args: OperationArgs<N>): Promise<OperationResult<N>> {
  const r = (await door.call({ url: `${APP_ORIGIN}/index.html` }, name, args)) as IpcResult<OperationResult<N>>;
  transcript.push(JSON.stringify(r));
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.error)}`);
  return r.value;
}

/** Values of the wrong kind for a field, chosen by asking the field's own schema. */
function wrongValuesFor(field: { safeParse(v: unknown): { success: boolean } }): unknown[] {
  const candidates: unknown[] = [12345, -1, 'x', '', 'y'.repeat(3_000_000), true, null, [], ['a'], {}, { $gt: '' }];
  return candidates.filter((v) => !field.safeParse(v).success);
}

describe('the door refuses before any handler runs', () => {
  it('every operation from an untrusted sender', async () => {
    const senders = [
      'https://evil.example/',
      'http://127.0.0.1:5001/',
      'http://localhost:5000/',
      'file:///tmp/evil.html',
      'null',
      '',
      'data:text/html,x',
      `${APP_ORIGIN}.evil.example/`,
    ];
    let refused = 0;
    for (const name of OPERATION_NAMES) {
      for (const url of senders) {
        const r = await door.call({ url }, name, {});
        expect(r, `${name} from ${url}`).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
        refused++;
      }
    }
    expect(refused).toBe(OPERATION_NAMES.length * senders.length);
    expect(handlerCalls).toEqual([]);
  });

  it('every operation with malformed payloads', async () => {
    let tried = 0;
    for (const name of OPERATION_NAMES) {
      const schema = operations[name].args as unknown as {
        shape?: Record<string, { safeParse(v: unknown): { success: boolean } }>;
      };
      const shape = schema.shape ?? {};
      const payloads: unknown[] = [
        42,
        'text',
        [],
        [{}],
        true,
        { sneaky: 1 },
        { ['__proto__']: { polluted: true } },
        JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}'),
      ];
      for (const [key, field] of Object.entries(shape))
        for (const v of wrongValuesFor(field)) payloads.push({ [key]: v });
      for (const payload of payloads) {
        const r = await door.call({ url: APP_ORIGIN }, name, payload);
        expect(r, `${name} ${JSON.stringify(payload).slice(0, 100)}`).toMatchObject({
          ok: false,
          error: { code: 'invalid-argument' },
        });
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(OPERATION_NAMES.length * 8);
    expect(handlerCalls).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('unknown and prototype operation names', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'hasOwnProperty', 'profiles.list ', 'PROFILES.LIST']) {
      expect(await door.call({ url: APP_ORIGIN }, name, {})).toMatchObject({
        ok: false,
        error: { code: 'invalid-argument' },
      });
    }
    expect(handlerCalls).toEqual([]);
  });
});

describe('what crosses to the renderer', () => {
  const itemKeys: Buffer[] = [];

  it('a journey: imports, study, upload, grant, records, download, admin, activity', async () => {
    const profiles = await call('profiles.list', {});
    const irb = profiles.find((p) => p.active)!;
    const site = profiles.find((p) => p.name.endsWith('Riverside Medical Center'))!;
    expect(irb).toBeDefined();
    const baseUrl = irb.baseUrl;

    // Key files go to main by reference, as the window sends them (staged or chosen): never their bytes.
    const keyPath = join(dir, 'imported.key');
    await writeFile(keyPath, imported.privateKeyPem, { mode: 0o600 });
    const keyFile = core.registerFile({
      path: keyPath,
      relativePath: 'imported.key',
      size: imported.privateKeyPem.length,
    }).ref;
    await call('profiles.importPem', {
      name: 'Imported',
      environment: 'test',
      baseUrl,
      organizationId: randomBytes(16).toString('hex'),
      keyFile,
      certificatePem: imported.certificatePem,
    });
    const p12 = forge.pkcs12.toPkcs12Asn1(
      forge.pki.privateKeyFromPem(
        createPrivateKey(fromP12.privateKeyPem).export({ type: 'pkcs1', format: 'pem' }).toString(),
      ),
      [forge.pki.certificateFromPem(fromP12.certificatePem)],
      P12_PASSWORD,
      { algorithm: '3des' },
    );
    const p12Path = join(dir, 'from.p12');
    await writeFile(p12Path, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), { mode: 0o600 });
    const pkcs12File = core.registerFile({ path: p12Path, relativePath: 'from.p12', size: 1 }).ref;
    await call('profiles.importPkcs12', {
      name: 'From P12',
      environment: 'test',
      baseUrl,
      organizationId: randomBytes(16).toString('hex'),
      pkcs12File,
      password: P12_PASSWORD,
    });
    const generated = await call('profiles.generateKey', { commonName: 'Generated Site' });
    expect(generated.csrPem).toContain('CERTIFICATE REQUEST');

    await call('app.info', {});
    await call('connection.check', {});
    await call('settings.get', {});
    const study = await call('containers.create', { title: 'Surface study' });
    await call('containers.list', {});
    await call('containers.updateStudy', { containerId: study.id, title: 'Surface study, renamed', sponsor: 'NIH' });
    await call('collaborators.add', { containerId: study.id, organizationId: site.organizationId });
    await call('collaborators.list', { containerId: study.id });

    const local = join(dir, 'consent form.pdf');
    await writeFile(local, randomBytes(120_000));
    const ref = core.registerFile({ path: local, relativePath: 'consent form.pdf', size: 120_000 });
    const [t] = await call('transfers.upload', {
      containerId: study.id,
      folder: 'forms',
      files: [{ ref: ref.ref, relativePath: 'consent form.pdf' }],
    });
    for (
      let i = 0;
      i < 300 &&
      !['verified', 'failed'].includes((await call('transfers.list', {})).find((x) => x.id === t!.id)?.state ?? '');
      i++
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await call('transfers.list', {})).find((x) => x.id === t!.id)?.state).toBe('verified');

    const record = await call('items.writeRecord', {
      containerId: study.id,
      itemPath: 'records/visit-1',
      header: { type: 'study', version: 'IRBX.2' },
      content: { visit: 1, note: 'plain text of a record' },
    });
    const items = await call('items.list', { containerId: study.id });
    expect(items.length).toBe(2);
    // the items as the exchange lists them (the window's views carry no wrapped keys), before the re-key below
    const vault = new KeyVault(dataDir, new PassphraseSecretBox(PASSPHRASE, { log2N: 14 }));
    const profile = (await new ProfileStore(dataDir).list()).find((p) => p.id === irb.id)!;
    const keys = await vault.open(profile.keyRef);
    const exchange = new ExchangeClient({
      baseUrl: profile.baseUrl,
      organizationId: profile.organizationId,
      signer: keys.signer,
    });
    const wireItems = async (): Promise<Item[]> =>
      ((await exchange.listItems(study.id, undefined, { recurse: true })) as Item[]).filter(
        (i) => i.id !== STUDY_RECORD_PATH,
      );
    const before = await wireItems();
    // the same listing streamed to the window page by page
    const { listingId } = await call('items.listOpen', { containerId: study.id });
    expect((await call('items.listNext', { listingId })).items.map((i) => i.path).sort()).toEqual(
      items.map((i) => i.path).sort(),
    );
    await call('items.headers', { containerId: study.id, itemPaths: items.map((i) => i.id) });
    await call('items.details', { containerId: study.id, itemPath: record.path });
    expect((await call('items.readRecord', { containerId: study.id, itemPath: record.path })).content).toEqual({
      visit: 1,
      note: 'plain text of a record',
    });
    const doc = items.find((i) => i.path.startsWith('forms/'))!;
    await call('access.preview', { containerId: study.id, organizationId: site.organizationId });
    await call('access.grant', {
      containerId: study.id,
      itemPaths: [doc.path, record.path],
      organizationIds: [site.organizationId],
    });
    await call('access.list', { containerId: study.id, itemPath: doc.path });
    await call('items.rekey', { containerId: study.id, itemPath: doc.path });
    await call('transfers.download', { containerId: study.id, itemPath: doc.path, mode: 'open' });
    await call('organizations.list', {});
    await call('organizations.get', { organizationId: site.organizationId });
    await call('activity.list', {});
    await call('activity.exportCsv', {});

    // every item key main opened on the way, in plaintext, to look for
    for (const i of [...(await wireItems()), ...before]) itemKeys.push(keys.openItemKey(i).key);
    exchange.close();
    expect(itemKeys.length).toBe(4);

    await call('profiles.switch', { profileId: site.id });
    await call('items.list', { containerId: study.id });
    await call('items.readRecord', { containerId: study.id, itemPath: record.path });
    await call('profiles.switch', { profileId: irb.id });
    expect(handlerCalls.length).toBeGreaterThan(30);
  });

  it('no result or event holds a private key, the passphrase or a plaintext item key', () => {
    expect(transcript.length).toBeGreaterThan(40);
    expect(transcript.some((t) => t.includes('"event":"transfers.changed"'))).toBe(true);
    const text = transcript.join('\n');
    expect(text).not.toMatch(/PRIVATE KEY/);
    expect(text).not.toContain(PASSPHRASE);
    expect(text).not.toContain(P12_PASSWORD);
    for (const pem of [imported.privateKeyPem, fromP12.privateKeyPem]) {
      const body = pem.replace(/-----[^-]+-----|\s/g, '');
      expect(text).not.toContain(body.slice(40, 104));
    }
    expect(itemKeys.length).toBeGreaterThan(0);
    for (const k of itemKeys) {
      for (const form of [
        k.toString('hex'),
        k.toString('base64'),
        k.toString('base64url'),
        k.toString('hex').toUpperCase(),
      ]) {
        expect(text.includes(form), `item key as ${form.slice(0, 8)}...`).toBe(false);
      }
    }
  });

  it('no view type has a field meant for secrets', async () => {
    // views.ts assembles the rooms' views (shared/ipc/contract/<room>-views.ts): read them all
    const rooms = new URL('../shared/ipc/contract/', import.meta.url);
    const files = [
      new URL('../shared/ipc/views.ts', import.meta.url),
      ...(await readdir(rooms)).filter((f) => f.endsWith('-views.ts')).map((f) => new URL(f, rooms)),
    ];
    const source = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
    const fields = [...source.matchAll(/readonly (\w+)\??:/g)].map((m) => m[1]!);
    expect(fields.length).toBeGreaterThan(50);
    expect(fields.filter((f) => /private|passphrase|password|secret|pem|plain|itemKey|rawKey/i.test(f))).toEqual([]);
  });
});

describe('files at rest', () => {
  it('after imports the data folder holds no private key in clear', async () => {
    const entries = (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(entries.some((e) => e.name.endsWith('.key'))).toBe(true);
    const offenders: string[] = [];
    const needles = [
      'PRIVATE KEY',
      PASSPHRASE,
      P12_PASSWORD,
      ...[imported.privateKeyPem, fromP12.privateKeyPem].map((pem) =>
        pem.replace(/-----[^-]+-----|\s/g, '').slice(40, 104),
      ),
    ];
    const ders = [imported.privateKeyPem, fromP12.privateKeyPem].map((pem) =>
      createPrivateKey(pem).export({ type: 'pkcs1', format: 'der' }).subarray(40, 104),
    );
    // the app is still running: a file being written goes from its .tmp name to its own between
    // listing and reading; a second listing, read too, shows it under its own name
    for (const e of [
      ...entries,
      ...(await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile()),
    ]) {
      const file = join(e.parentPath, e.name);
      const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        return undefined;
      });
      if (!bytes) continue;
      const text = bytes.toString('latin1');
      for (const n of needles) if (text.includes(n)) offenders.push(`${file}: ${n.slice(0, 20)}`);
      for (const d of ders) if (bytes.includes(d)) offenders.push(`${file}: DER key bytes`);
    }
    expect(offenders).toEqual([]);
  });
});
