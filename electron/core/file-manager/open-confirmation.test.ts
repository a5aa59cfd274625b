// The open rule at main's door: a format that can carry code (macros, RTF objects, CSV formulas)
// is opened only when the call says the user chose to after reading the risk; an open without
// that is answered with the question and writes nothing; refused types stay refused.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../platform.js';
import { openAppCore, testPlatform, type CoreCall } from '../test-support/app-core.js';

let dir: string;
let core: AppCore;
let call: CoreCall;
let containerId: string;
const opened: string[] = [];
const paths = new Map<string, string>();

/** The decrypted copies main wrote so far (open-copies/<slot>/<name>). */
async function copies(): Promise<string[]> {
  const root = join(dir, 'data', 'open-copies');
  const slots = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(slots.map(async (s) => readdir(join(root, s)).catch(() => [] as string[])))).flat();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'open-confirmation-'));
  ({ core, call } = await openAppCore(join(dir, 'data'), testPlatform({ openPath: async (p) => void opened.push(p) })));
  containerId = (await call('containers.create', { title: 'Open confirmation study' })).id;
  const names = ['budget.csv', 'letter.docm', 'notes.txt', 'run.sh'];
  const files = await Promise.all(
    names.map(async (name) => {
      const local = join(dir, name);
      await writeFile(local, `contents of ${name}\n`);
      return {
        ref: core.registerFile({ path: local, relativePath: name, size: 13 + name.length }).ref,
        relativePath: name,
      };
    }),
  );
  const started = await call('transfers.upload', { containerId, folder: 'docs', files });
  for (
    let i = 0;
    i < 400 &&
    (await call('transfers.list', {})).some(
      (t) => started.some((s) => s.id === t.id) && t.state !== 'verified' && t.state !== 'failed',
    );
    i++
  ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const listed = await call('items.list', { containerId });
  const headers = await call('items.headers', { containerId, itemPaths: listed.map((i) => i.path) });
  for (const h of headers) paths.set(String(h.decryptedHeader?.fileName), h.path);
  expect([...paths.keys()].sort()).toEqual(names);
}, 120_000);

afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('opening a format that can carry code', () => {
  it('answers an unconfirmed open with the risk, and writes and opens nothing', async () => {
    const outcome = await call('transfers.download', { containerId, itemPath: paths.get('budget.csv')!, mode: 'open' });
    expect(outcome).toMatchObject({
      kind: 'confirm',
      fileName: 'budget.csv',
      realType: 'a comma-separated table (.csv)',
    });
    if (outcome.kind === 'confirm') expect(outcome.risk).toContain('formulas');
    const macros = await call('transfers.download', { containerId, itemPath: paths.get('letter.docm')!, mode: 'open' });
    expect(macros).toMatchObject({ kind: 'confirm', realType: 'a Word document with macros (.docm)' });
    expect(opened).toEqual([]);
    expect(await copies()).toEqual([]);
  });

  it('opens it when the call says the user chose Open anyway', async () => {
    const outcome = await call('transfers.download', {
      containerId,
      itemPath: paths.get('letter.docm')!,
      mode: 'open',
      openAnyway: true,
    });
    expect(outcome.kind).toBe('opened');
    expect(opened.map((p) => basename(p))).toEqual(['letter.docm']);
  });

  it('opens a plain document without asking, and never opens a refused type, confirmed or not', async () => {
    expect(
      (await call('transfers.download', { containerId, itemPath: paths.get('notes.txt')!, mode: 'open' })).kind,
    ).toBe('opened');
    const refused = await call('transfers.download', {
      containerId,
      itemPath: paths.get('run.sh')!,
      mode: 'open',
      openAnyway: true,
    });
    expect(refused).toMatchObject({ kind: 'blocked', realType: 'a shell script (.sh)' });
    expect(opened.map((p) => basename(p))).toEqual(['letter.docm', 'notes.txt']);
  });

  it('takes the choice only as `openAnyway: true`', async () => {
    await expect(
      call('transfers.download', {
        containerId,
        itemPath: paths.get('budget.csv')!,
        mode: 'open',
        openAnyway: false as unknown as true,
      }),
    ).rejects.toThrow(/openAnyway|invalid/i);
  });
});
