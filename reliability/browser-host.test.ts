// The browser host as the user runs it (startHostApp: real app core, embedded sandbox):
// calls, file staging and the event socket are refused without the session (the cookie and the
// secret the one-time code is traded for), with the cookie alone, with a wrong one, from another Origin, or under a
// DNS-rebinding Host, and a refused call changes nothing. Its data folder holds no private
// key in clear.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EVENTS_PROTOCOL, SECRET_HEADER, SECRET_PROTOCOL_PREFIX } from '../shared/ipc/host-auth.js';
import { startHostApp, type HostApp } from '../electron/core/host/main.js';
import { DEMO_STUDIES } from '../electron/core/sandbox/sandbox-demo.js';

let dir: string;
let app: HostApp;
let port = 0;

let cookie = '';
let secret = '';

function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string; setCookie?: string[] }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          setCookie: res.headers['set-cookie'],
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const good = (): Record<string, string> => ({
  Host: `127.0.0.1:${port}`,
  Origin: app.host.origin,
  Cookie: cookie,
  [SECRET_HEADER]: secret,
  'Content-Type': 'application/json',
});

function wsRefused(
  url: string,
  origin: string,
  host?: string,
  withCookie = cookie,
  withSecret = secret,
): Promise<boolean> {
  const ws = new WebSocket(url, [EVENTS_PROTOCOL, SECRET_PROTOCOL_PREFIX + withSecret], {
    origin,
    headers: { Cookie: withCookie, ...(host ? { Host: host } : {}) },
  });
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
  app = await startHostApp({
    dataDir: join(dir, 'data'),
    port: 0,
    openBrowser: false,
    rendererDir: join(dir, 'renderer'),
    passphrase: 'reliability host passphrase',
  });
  port = app.host.port;
  const signedIn = await raw(
    'POST',
    '/api/session',
    { Host: `127.0.0.1:${port}`, Origin: app.host.origin, 'Content-Type': 'application/json' },
    JSON.stringify({ code: app.host.code }),
  );
  cookie = signedIn.setCookie![0]!.split(';')[0]!;
  secret = (JSON.parse(signedIn.body) as { value: { secret: string } }).value.secret;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A body the door would accept, so only the refusal under test can stop the call. */
const VALID_STUDY = JSON.stringify({ title: 'Refused study' });
/** The sandbox's demo studies, newest first: what the list holds when nothing else was created. */
const DEMO_TITLES = DEMO_STUDIES.map((d) => d.fields.title);
async function studyTitles(): Promise<string[]> {
  const listed = JSON.parse((await raw('POST', '/api/call/containers.list', good(), '{}')).body) as {
    ok: boolean;
    value: { title: string }[];
  };
  expect(listed.ok).toBe(true);
  return listed.value.map((c) => c.title);
}

describe('browser host refusals', () => {
  /** Cookie headers that are not this run's session: none, forged, cut, the spent code, another port's name. */
  const wrongCookies = (): string[] => {
    const [name, value] = cookie.split('=') as [string, string];
    const code = app.host.code;
    return [
      '',
      `${name}=`,
      `${name}=${'0'.repeat(64)}`,
      `${name}=${value.slice(0, -1)}`,
      `${name}=${value}x`,
      `${name}=${value.toUpperCase()}`,
      `${name}=${code}`,
      `sx-session-${port + 1}=${value}`,
      value,
    ];
  };
  const wrongOrigins = (): (string | undefined)[] => [
    undefined,
    'https://evil.example',
    `http://127.0.0.1:${port + 1}`,
    'null',
    `http://127.0.0.1:${port}.evil.example`,
    'file://',
  ];
  const rebindingHosts = (): (string | undefined)[] => [
    undefined,
    `evil.example:${port}`,
    'evil.example',
    `127.0.0.1.nip.io:${port}`,
    `localhost.evil.example:${port}`,
    `127.0.0.1:${port + 1}`,
    `[::1]:${port}`,
  ];

  it('refuses the spent one-time code, and every call without the session or with a wrong one; the refused calls change nothing', async () => {
    const again = await raw('POST', '/api/session', { ...good(), Cookie: '' }, JSON.stringify({ code: app.host.code }));
    expect(again.status).toBe(401);
    expect(again.setCookie).toBeUndefined();
    for (const bad of wrongCookies()) {
      for (const op of ['containers.create', 'profiles.list', 'sandbox.reset']) {
        const r = await raw(
          'POST',
          `/api/call/${op}`,
          { ...good(), Cookie: bad, Authorization: `Bearer ${app.host.code}` },
          op === 'containers.create' ? VALID_STUDY : '{}',
        );
        expect(r.status, `${op} with ${bad.slice(0, 30)}`).toBe(401);
        expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
      }
    }
    // The right cookie with no secret, a forged one, a cut one, or the spent code as the secret.
    for (const bad of ['', '0'.repeat(64), secret.slice(0, -1), secret.toUpperCase(), app.host.code]) {
      const r = await raw('POST', '/api/call/containers.create', { ...good(), [SECRET_HEADER]: bad }, VALID_STUDY);
      expect(r.status, `secret ${bad.slice(0, 12)}`).toBe(401);
    }
    // the app itself, with the right token, sees that no study was created
    expect(await studyTitles()).toEqual(DEMO_TITLES);
  });

  it('refuses calls from another Origin, even with the session', async () => {
    for (const origin of wrongOrigins()) {
      const headers = good();
      if (origin === undefined) delete headers.Origin;
      else headers.Origin = origin;
      const r = await raw('POST', '/api/call/containers.create', headers, VALID_STUDY);
      expect(r.status, `Origin ${origin}`).toBe(403);
    }
    expect(await studyTitles()).toEqual(DEMO_TITLES);
  });

  it('refuses a DNS-rebinding Host header on every path, even with the session and Origin', async () => {
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
        const r = await raw(
          method,
          path,
          headers,
          method === 'GET' ? undefined : path.endsWith('containers.create') ? VALID_STUDY : '{}',
        );
        // no Host at all is refused by node:http itself (400) before the host's check (421)
        expect(r.status, `${method} ${path} Host ${host}`).toBe(host === undefined ? 400 : 421);
      }
    }
    expect(await studyTitles()).toEqual(DEMO_TITLES);
  });

  it('refuses staging without the session or from another Origin, and writes nothing', async () => {
    const staging = join(dir, 'data', 'staging');
    const before = await readdir(staging);
    expect(
      (
        await raw(
          'PUT',
          '/api/stage?name=x.txt',
          { ...good(), Cookie: '', 'Content-Type': 'application/octet-stream' },
          'data',
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await raw(
          'PUT',
          '/api/stage?name=x.txt',
          { ...good(), [SECRET_HEADER]: '', 'Content-Type': 'application/octet-stream' },
          'data',
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await raw(
          'PUT',
          '/api/stage?name=x.txt',
          { ...good(), Origin: 'https://evil.example', 'Content-Type': 'application/octet-stream' },
          'data',
        )
      ).status,
    ).toBe(403);
    expect(await readdir(staging)).toEqual(before);
  });

  it('refuses the event socket without the session, with a wrong one, from another Origin or Host', async () => {
    const base = `ws://127.0.0.1:${port}/api/events`;
    expect(await wsRefused(base, app.host.origin, undefined, '')).toBe(true);
    expect(await wsRefused(`${base}?token=${app.host.code}`, app.host.origin, undefined, '')).toBe(true);
    expect(await wsRefused(base, app.host.origin, undefined, `${app.host.cookieName}=${'0'.repeat(64)}`)).toBe(true);
    // the cookie without the secret (what a page of another local program receives)
    expect(await wsRefused(base, app.host.origin, undefined, cookie, '0'.repeat(64))).toBe(true);
    expect(await wsRefused(base, 'https://evil.example')).toBe(true);
    expect(await wsRefused(base, app.host.origin, `evil.example:${port}`)).toBe(true);
    // the right session, Origin and Host do connect, so the refusals above mean something
    expect(await wsRefused(base, app.host.origin)).toBe(false);
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
    const entries = (await readdir(join(dir, 'data'), { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    );
    expect(entries.some((e) => e.name.endsWith('.key'))).toBe(true);
    for (const e of entries) {
      const text = await readFile(join(e.parentPath, e.name), 'latin1');
      expect(text.includes('PRIVATE KEY'), join(e.parentPath, e.name)).toBe(false);
    }
  });
});
