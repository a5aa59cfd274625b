// The one resolver both the app:// protocol and the browser host serve the renderer by.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRendererFile, staticType } from './renderer-files.js';

let dir: string;
let renderer: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'renderer-files-'));
  renderer = join(dir, 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), '<!doctype html>');
  await writeFile(join(renderer, 'assets', 'index.js'), 'console.log(1)');
  await writeFile(join(renderer, 'assets', 'a b.css'), 'body{}');
  await writeFile(join(dir, 'secret.txt'), 'outside');
  // a sibling whose name starts with the renderer folder's: not inside it
  await mkdir(join(dir, 'renderer-evil'));
  await writeFile(join(dir, 'renderer-evil', 'x.js'), 'evil');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('resolveRendererFile', () => {
  it('finds the renderer files, / as index.html, with their size and type', async () => {
    expect(await resolveRendererFile(renderer, '/')).toEqual({
      kind: 'file',
      path: join(renderer, 'index.html'),
      size: 15,
      type: 'text/html; charset=utf-8',
    });
    expect(await resolveRendererFile(renderer, '/assets/index.js')).toMatchObject({
      kind: 'file',
      path: join(renderer, 'assets', 'index.js'),
      type: 'text/javascript; charset=utf-8',
    });
    expect(await resolveRendererFile(renderer, '/assets/a%20b.css')).toMatchObject({
      kind: 'file',
      type: 'text/css; charset=utf-8',
    });
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/../renderer-evil/x.js',
    '/%2e%2e%2frenderer-evil%2fx.js',
    '//etc/passwd',
    '/%2fetc%2fpasswd',
  ])('refuses %s (outside the renderer)', async (pathname) => {
    expect(await resolveRendererFile(renderer, pathname)).toEqual({ kind: 'missing' });
  });

  it('answers a folder or a missing file as missing, and broken percent-encoding as malformed', async () => {
    expect(await resolveRendererFile(renderer, '/assets')).toEqual({ kind: 'missing' });
    expect(await resolveRendererFile(renderer, '/nothing.js')).toEqual({ kind: 'missing' });
    expect(await resolveRendererFile(renderer, '/%E0%A4%A')).toEqual({ kind: 'malformed' });
    expect(await resolveRendererFile(renderer, '/%')).toEqual({ kind: 'malformed' });
  });

  it('types files by extension; anything unknown is octet-stream (served with nosniff)', () => {
    expect(staticType('a.svg')).toBe('image/svg+xml');
    expect(staticType('a.woff2')).toBe('font/woff2');
    expect(staticType('a.map')).toBe('application/json');
    expect(staticType('a.exe')).toBe('application/octet-stream');
    expect(staticType('Makefile')).toBe('application/octet-stream');
  });
});
