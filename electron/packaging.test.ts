// Packages the app with electron-builder against a stand-in Electron folder (the real binary
// cannot be downloaded here) and checks what goes into the asar: main, preload, renderer and
// production dependencies; no tests, sources of other processes or dev dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let work: string;
let entries: string[] = [];

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'packaging-'));
  run('node', ['scripts/build-electron.mjs']);
  if (!existsSync('dist/renderer/index.html')) run('npx', ['vite', 'build', '--logLevel', 'warn']);
  // A stand-in binary carrying the fuse wire electron-builder flips (sentinel, version 1, 9 fuses).
  const dist = join(work, 'electron-dist');
  await mkdir(dist);
  await writeFile(
    join(dist, 'electron'),
    Buffer.concat([
      Buffer.from('#!/bin/sh\nexit 0\n'),
      Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
      Buffer.from([1, 9]),
      Buffer.from('111111111'),
    ]),
    { mode: 0o755 },
  );
  await writeFile(join(dist, 'version'), '45.4.1');
  const out = join(work, 'out');
  run('npx', [
    'electron-builder',
    '--dir',
    '--linux',
    `-c.electronDist=${dist}`,
    '-c.electronVersion=45.4.1',
    '-c.npmRebuild=false',
    `-c.directories.output=${out}`,
  ]);
  entries = run('npx', ['asar', 'list', join(out, 'linux-unpacked', 'resources', 'app.asar')])
    .split('\n')
    .filter(Boolean);
}, 240_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('packaged app', () => {
  it('holds the bundled main and preload, the built renderer and package.json', () => {
    for (const f of [
      '/dist/electron/main.cjs',
      '/dist/electron/preload.cjs',
      '/dist/renderer/index.html',
      '/package.json',
    ]) {
      expect(entries, f).toContain(f);
    }
    expect(entries.some((e) => e.startsWith('/dist/renderer/assets/') && e.endsWith('.js'))).toBe(true);
  });

  it('holds the production dependency (better-sqlite3) and no dev dependency', () => {
    expect(entries).toContain('/node_modules/better-sqlite3/package.json');
    for (const dev of [
      'electron',
      'react',
      'vite',
      'vitest',
      'typescript',
      'node-forge',
      'zod',
      '@playwright',
      'tsx',
      'esbuild',
      'electron-builder',
    ]) {
      expect(
        entries.some((e) => e.startsWith(`/node_modules/${dev}/`)),
        dev,
      ).toBe(false);
    }
  });

  it('holds no tests, no TypeScript sources and no other process folders', () => {
    expect(entries.filter((e) => /\.test\.|\.spec\./.test(e))).toEqual([]);
    expect(entries.filter((e) => e.endsWith('.ts') && !e.endsWith('.d.ts'))).toEqual([]);
    for (const folder of ['/server', '/renderer', '/electron', '/shared', '/e2e', '/bench', '/scripts', '/docs']) {
      expect(
        entries.some((e) => e === folder || e.startsWith(`${folder}/`)),
        folder,
      ).toBe(false);
    }
    expect(entries.some((e) => e.endsWith('.map'))).toBe(false);
  });

  it('leaves PostgreSQL out: the sandbox reaches the server only through its SQLite face', async () => {
    // what esbuild put into main.cjs, by its source map
    const sources = (JSON.parse(await readFile('dist/electron/main.cjs.map', 'utf8')) as { sources: string[] }).sources;
    expect(
      sources.filter((s) => /node_modules\/(pg|pg-[a-z-]+|pgpass|postgres-[a-z]+)\/|server\/store\/postgres\//.test(s)),
    ).toEqual([]);
    expect(sources.some((s) => s.includes('server/store/sqlite/'))).toBe(true);
    // not by a stub: the app reaches the server through its sandbox face alone, and nothing of
    // the server that knows PostgreSQL (open-store.ts, index.ts, the command line) is in it
    expect(sources.some((s) => s.endsWith('server/sandbox.ts'))).toBe(true);
    expect(sources.filter((s) => /server\/(open-store|index|cli)\.ts$/.test(s))).toEqual([]);
    const pgPackages = [
      'pg',
      'pg-copy-streams',
      'pg-pool',
      'pg-protocol',
      'pg-types',
      'pgpass',
      'postgres-array',
      'split2',
      'xtend',
    ];
    for (const p of pgPackages)
      expect(
        entries.some((e) => e.startsWith(`/node_modules/${p}/`)),
        p,
      ).toBe(false);
  });
});
