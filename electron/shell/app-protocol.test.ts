import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, DEVELOPMENT_CSP, PRODUCTION_CSP, rendererResponse, rendererUrlFor } from './app-protocol.js';

let dir: string;
let renderer: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'app-protocol-'));
  renderer = join(dir, 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(renderer, 'assets', 'index.js'), 'console.log(1)');
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the app:// protocol', () => {
  it('serves the renderer with the CSP as a response header; production allows no WebSocket', async () => {
    const page = await rendererResponse(renderer, APP_URL);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>app</title>');
    expect(page.headers['Content-Security-Policy']).toBe(PRODUCTION_CSP);
    expect(page.headers['Content-Type']).toMatch(/^text\/html/);
    expect((await rendererResponse(renderer, 'app://study-exchange/assets/index.js')).headers['Content-Type']).toMatch(
      /javascript/,
    );
    expect(PRODUCTION_CSP).toContain("default-src 'self'");
    expect(PRODUCTION_CSP).not.toContain('ws:');
    expect(PRODUCTION_CSP).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(DEVELOPMENT_CSP).toContain('ws://localhost:*');
  });

  it('reaches no file outside the renderer, another host, or a malformed path', async () => {
    for (const url of [
      'app://study-exchange/../secret.txt',
      'app://study-exchange/%2e%2e/secret.txt',
      'app://study-exchange/..%2fsecret.txt',
      'app://other-host/index.html',
      'file:///etc/passwd',
      'app://study-exchange/missing.js',
    ]) {
      const r = await rendererResponse(renderer, url);
      expect(r.status, url).toBe(404);
      expect(r.body.toString()).not.toContain('outside the renderer');
    }
    expect((await rendererResponse(renderer, 'app://study-exchange/%E0%A4%A')).status).toBe(400);
  });

  it('takes the dev server URL only when the app is not packaged', () => {
    expect(rendererUrlFor({ isPackaged: true, devUrl: 'http://evil.example:5173' })).toBe(APP_URL);
    expect(rendererUrlFor({ isPackaged: false, devUrl: 'http://localhost:5173' })).toBe('http://localhost:5173');
    expect(rendererUrlFor({ isPackaged: false })).toBe(APP_URL);
  });
});
