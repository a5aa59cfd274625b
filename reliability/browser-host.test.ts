// The browser host as the user runs it (startHostApp: real app core, embedded sandbox):
// calls, file staging and the event socket are refused without the token, with a wrong
// token, from another Origin, or under a DNS-rebinding Host, and a refused call changes
// nothing. Its data folder holds no private key in clear.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startHostApp, type HostApp } from '../electron/main/host-main.js';

let dir: string;
let app: HostApp;
let port = 0;

function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const good = (): Record<string, string> => ({
  Host: `127.0.0.1:${port}`,
  Origin: app.host.origin,
  Authorization: `Bearer ${app.host.token}`,
  'Content-Type': 'application/json',
});

function wsRefused(url: string, origin: string, host?: string): Promise<boolean> {
  const ws = new WebSocket(url, { origin, ...(host ? { headers: { Host: host } } : {}) });
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(false);
    });
    ws.once('error', () => resolve(true));
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reliability-host-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
  app = await startHostApp({ dataDir: join(dir, 'data'), port: 0, openBrowser: false, rendererDir: join(dir, 'renderer') });
  port = app.host.port;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('browser host refusals', () => {
  const wrongTokens = (): string[] => {
    const t = app.host.token;
    return ['', 'Bearer ', `Bearer ${'0'.repeat(64)}`, `Bearer ${t.slice(0, -1)}`, `Bearer ${t}x`, `Bearer ${t.toUpperCase()}`, t, `Basic ${t}`, `bearer ${t}`];
  };
  const wrongOrigins = (): (string | undefined)[] => [undefined, 'https://evil.example', `http://127.0.0.1:${port + 1}`, 'null', `http://127.0.0.1:${port}.evil.example`, 'file://'];
  const rebindingHosts = (): (string | undefined)[] => [undefined, `evil.example:${port}`, 'evil.example', `127.0.0.1.nip.io:${port}`, `localhost.evil.example:${port}`, `127.0.0.1:${port + 1}`, `[::1]:${port}`];

  it('refuses every call without the token or with a wrong one, and the refused calls change nothing', async () => {
    for (const auth of wrongTokens()) {
      for (const op of ['containers.create', 'profiles.list', 'sandbox.reset']) {
        const r = await raw('POST', `/api/call/${op}`, { ...good(), Authorization: auth }, '{}');
        expect(r.status, `${op} with ${auth.slice(0, 12)}`).toBe(401);
        expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
      }
    }
    // the app itself, with the right token, sees that no study was created
    const listed = await raw('POST', '/api/call/containers.list', good(), '{}');
    expect(JSON.parse(listed.body)).toEqual({ ok: true, value: [] });
  });

  it('refuses calls from another Origin, even with the token', async () => {
    for (const origin of wrongOrigins()) {
      const headers = good();
      if (origin === undefined) delete headers.Origin;
      else headers.Origin = origin;
      const r = await raw('POST', '/api/call/containers.create', headers, '{}');
      expect(r.status, `Origin ${origin}`).toBe(403);
    }
    expect(JSON.parse((await raw('POST', '/api/call/containers.list', good(), '{}')).body)).toEqual({ ok: true, value: [] });
  });

  it('refuses a DNS-rebinding Host header on every path, even with the token and Origin', async () => {
    for (const host of rebindingHosts()) {
      const headers = good();
      if (host === undefined) delete headers.Host;
      else headers.Host = host;
      for (const [method, path] of [
        ['POST', '/api/call/containers.create'],
        ['PUT', '/api/stage?name=a.txt'],
        ['GET', '/'],
        ['GET', '/index.html'],
      ] as const) {
        const r = await raw(method, path, headers, method === 'GET' ? undefined : '{}');
        // no Host at all is refused by node:http itself (400) before the host's check (421)
        expect(r.status, `${method} ${path} Host ${host}`).toBe(host === undefined ? 400 : 421);
      }
    }
    expect(JSON.parse((await raw('POST', '/api/call/containers.list', good(), '{}')).body)).toEqual({ ok: true, value: [] });
  });

  it('refuses staging without the token or from another Origin, and writes nothing', async () => {
    const staging = join(dir, 'data', 'staging');
    const before = await readdir(staging);
    expect((await raw('PUT', '/api/stage?name=x.txt', { ...good(), Authorization: '', 'Content-Type': 'application/octet-stream' }, 'data')).status).toBe(401);
    expect((await raw('PUT', '/api/stage?name=x.txt', { ...good(), Origin: 'https://evil.example', 'Content-Type': 'application/octet-stream' }, 'data')).status).toBe(403);
    expect(await readdir(staging)).toEqual(before);
  });

  it('refuses the event socket without the token, with a wrong token, from another Origin or Host', async () => {
    const base = `ws://127.0.0.1:${port}/api/events`;
    expect(await wsRefused(base, app.host.origin)).toBe(true);
    expect(await wsRefused(`${base}?token=${'0'.repeat(64)}`, app.host.origin)).toBe(true);
    expect(await wsRefused(`${base}?token=${app.host.token}`, 'https://evil.example')).toBe(true);
    expect(await wsRefused(`${base}?token=${app.host.token}`, app.host.origin, `evil.example:${port}`)).toBe(true);
    // the right token, Origin and Host do connect, so the refusals above mean something
    expect(await wsRefused(`${base}?token=${app.host.token}`, app.host.origin)).toBe(false);
  });

  it('a valid call works, so the refusals are not a broken host', async () => {
    const r = await raw('POST', '/api/call/profiles.list', good(), '{}');
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body) as { ok: boolean; value: unknown[] };
    expect(body.ok).toBe(true);
    expect(body.value.length).toBe(4);
    expect(r.body).not.toMatch(/PRIVATE KEY/);
  });

  it('keeps no private key in clear in its data folder', async () => {
    const entries = (await readdir(join(dir, 'data'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(entries.some((e) => e.name.endsWith('.key'))).toBe(true);
    for (const e of entries) {
      const text = await readFile(join(e.parentPath, e.name), 'latin1');
      expect(text.includes('PRIVATE KEY'), join(e.parentPath, e.name)).toBe(false);
    }
  });
});
