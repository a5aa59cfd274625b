import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { OPERATION_NAMES } from '../../../shared/ipc/names.js';
import { SECRET_HEADER, SECRET_PROTOCOL_PREFIX, EVENTS_PROTOCOL } from '../../../shared/ipc/host-auth.js';
import type { StageArgs } from '../../../shared/ipc/contract.js';
import { startBrowserHost, type BrowserHost } from './browser-host.js';
import { createDoor, type Handlers } from '../ipc-door.js';

let dir: string;
let host: BrowserHost;
const staged: (StageArgs & { ref: string })[] = [];

/** Raw HTTP so Host and Origin can be set to anything, as an attacker's page could. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, method, path, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The session cookie and secret, from trading the one-time code once (as the page does). */
let cookie = '';
let secret = '';
const good = () => ({
  Host: `127.0.0.1:${host.port}`,
  Origin: host.origin,
  Cookie: cookie,
  [SECRET_HEADER]: secret,
  'Content-Type': 'application/json',
});
const signIn = (code: string, headers: Record<string, string> = {}) =>
  raw(
    'POST',
    '/api/session',
    { Host: `127.0.0.1:${host.port}`, Origin: host.origin, 'Content-Type': 'application/json', ...headers },
    JSON.stringify({ code }),
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'host-test-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>app</title>');
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((n) => [n, async () => ({ routed: n })]),
  ) as unknown as Handlers;
  const stage = (file: StageArgs) => {
    const ref = `ref-${staged.length}`;
    staged.push({ ...file, ref });
    return { ref, name: file.path.split('/').pop()!, size: file.size };
  };
  const door = createDoor({ handlers, stage, isTrustedSender: (s) => s.url === host.origin });
  host = await startBrowserHost({ door, rendererDir: join(dir, 'renderer'), stagingDir: join(dir, 'staging') });
  const r = await signIn(host.code);
  cookie = String((r.headers['set-cookie'] as string[])[0]).split(';')[0]!;
  secret = JSON.parse(r.body).value.secret;
});

afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

describe('browser host', () => {
  it('prints a URL with the one-time code in the fragment and serves the renderer with a strict CSP', async () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64}$/);
    expect(host.url.endsWith(host.code)).toBe(true);
    const r = await raw('GET', '/', { Host: `127.0.0.1:${host.port}` });
    expect(r.status).toBe(200);
    expect(r.body).toContain('<title>app</title>');
    expect(String(r.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('trades the code once for an HttpOnly, SameSite=Strict session cookie; a used code is refused', async () => {
    expect(cookie).toMatch(new RegExp(`^${host.cookieName}=[0-9a-f]{64}$`));
    expect(host.cookieName).toBe(`sx-session-${host.port}`);
    const again = await signIn(host.code);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({ ok: false, error: { code: 'code-used' } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await signIn('0'.repeat(64))).status).toBe(401);
    // from another page: refused before the code is even looked at
    expect((await signIn(host.code, { Origin: 'https://evil.example' })).status).toBe(403);
    // A page that holds the session (a reload) stays signed in without any code.
    expect((await raw('POST', '/api/session', good(), '{}')).status).toBe(200);
    expect((await raw('POST', '/api/session', { ...good(), Cookie: '' }, '{}')).status).toBe(401);
  });

  it('answers the code with a session secret the page must send too: the cookie alone opens nothing', async () => {
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(host.code);
    const cookieOnly: Record<string, string> = { ...good() };
    delete cookieOnly[SECRET_HEADER];
    // What a page of another local program receives: the cookie (cookies ignore ports), never the secret.
    expect((await raw('POST', '/api/call/containers.list', cookieOnly, '{}')).status).toBe(401);
    expect((await raw('POST', '/api/session', cookieOnly, '{}')).status).toBe(401);
    expect((await raw('POST', '/api/lock', cookieOnly, '{}')).status).toBe(401);
    expect(
      (await raw('PUT', '/api/stage?name=x.txt', { ...cookieOnly, 'Content-Type': 'application/octet-stream' }, 'data'))
        .status,
    ).toBe(401);
    expect(
      (await raw('POST', '/api/call/containers.list', { ...cookieOnly, [SECRET_HEADER]: '0'.repeat(64) }, '{}')).status,
    ).toBe(401);
    // The secret without the cookie is refused as well.
    expect((await raw('POST', '/api/call/containers.list', { ...good(), Cookie: '' }, '{}')).status).toBe(401);
  });

  it('sets the cookie HttpOnly and SameSite=Strict on a fresh host', async () => {
    const fresh = await startBrowserHost({
      door: createDoor({ handlers: {} as Handlers, isTrustedSender: () => false }),
      rendererDir: join(dir, 'renderer'),
      stagingDir: join(dir, 'staging-fresh'),
    });
    try {
      const r = await new Promise<{ status: number; cookie: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: fresh.port,
            method: 'POST',
            path: '/api/session',
            headers: { Origin: fresh.origin, 'Content-Type': 'application/json' },
          },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, cookie: String(res.headers['set-cookie']?.[0] ?? '') });
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ code: fresh.code }));
      });
      expect(r.status).toBe(200);
      expect(r.cookie).toMatch(/; HttpOnly/);
      expect(r.cookie).toMatch(/; SameSite=Strict/);
      // this host's session is not the other host's
      expect(r.cookie.startsWith(`${fresh.cookieName}=`)).toBe(true);
      expect((await raw('POST', '/api/call/containers.list', good(), '{}')).status).toBe(200);
      // this host's secret does not open the other host
      expect(r.cookie.split(';')[0]).not.toBe(cookie);
    } finally {
      await fresh.close();
    }
  });

  it('routes a call with the session from the app origin through the door', async () => {
    const r = await raw('POST', '/api/call/containers.list', good(), '{}');
    expect(JSON.parse(r.body)).toEqual({ ok: true, value: { routed: 'containers.list' } });
  });

  it('refuses a call without the session, with a wrong one, with the code as a bearer, or from another origin', async () => {
    const noSession = { ...good(), Cookie: '' };
    expect((await raw('POST', '/api/call/containers.list', noSession, '{}')).status).toBe(401);
    const wrong = { ...good(), Cookie: `${host.cookieName}=${'0'.repeat(64)}` };
    expect((await raw('POST', '/api/call/containers.list', wrong, '{}')).status).toBe(401);
    const bearer = { ...good(), Cookie: '', Authorization: `Bearer ${host.code}` };
    expect((await raw('POST', '/api/call/containers.list', bearer, '{}')).status).toBe(401);
    const otherOrigin = { ...good(), Origin: 'https://evil.example' };
    expect((await raw('POST', '/api/call/containers.list', otherOrigin, '{}')).status).toBe(403);
    const noOrigin: Record<string, string> = { ...good() };
    delete noOrigin.Origin;
    expect((await raw('POST', '/api/call/containers.list', noOrigin, '{}')).status).toBe(403);
  });

  it('refuses a DNS-rebinding Host header, even with the token', async () => {
    const r = await raw('POST', '/api/call/containers.list', { ...good(), Host: `evil.example:${host.port}` }, '{}');
    expect(r.status).toBe(421);
    expect((await raw('GET', '/', { Host: 'evil.example' })).status).toBe(421);
  });

  it('answers malformed JSON with a clear error, and does not serve files outside the renderer', async () => {
    const r = await raw('POST', '/api/call/containers.list', good(), '{not json');
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).error.code).toBe('invalid-argument');
    const t = await raw('GET', '/..%2f..%2fetc%2fpasswd', { Host: `127.0.0.1:${host.port}` });
    expect(t.status).toBe(404);
  });

  it('stages a dropped file to disk and offers one-time downloads', async () => {
    const bytes = Buffer.from('hello staged world');
    const r = await raw(
      'PUT',
      '/api/stage?name=a.txt&relativePath=docs%2Fa.txt',
      { ...good(), 'Content-Type': 'application/octet-stream' },
      bytes,
    );
    const ref = JSON.parse(r.body);
    expect(ref).toMatchObject({ ok: true, value: { name: 'a.txt', size: bytes.length } });
    const file = staged.find((s) => s.ref === ref.value.ref);
    expect(file?.relativePath).toBe('docs/a.txt');
    expect(await readFile(file!.path)).toEqual(bytes);

    let gone = 0;
    const url = host.offerDownload(file!.path, 'a b.txt', async () => void (gone += 1));
    // Only this page's session may fetch it.
    expect((await raw('GET', url, { Host: `127.0.0.1:${host.port}` })).status).toBe(401);
    const d = await raw('GET', url, { Host: `127.0.0.1:${host.port}`, Cookie: cookie });
    expect(d.body).toBe('hello staged world');
    expect(String(d.headers['content-disposition'])).toContain("filename*=UTF-8''a%20b.txt");
    expect((await raw('GET', url, { Host: `127.0.0.1:${host.port}`, Cookie: cookie })).status).toBe(404);
    // The host lets go of the copy just after the response ends.
    await vi.waitFor(() => expect(gone).toBe(1));
  });

  it('removes a download nobody fetched once its time is up (10 minutes in the app)', async () => {
    const quick = await startBrowserHost({
      door: createDoor({ handlers: {} as Handlers, isTrustedSender: () => false }),
      rendererDir: join(dir, 'renderer'),
      stagingDir: join(dir, 'staging-quick'),
      downloadTtlMs: 50,
    });
    try {
      const file = join(dir, 'decrypted-copy.pdf');
      await writeFile(file, 'plaintext');
      const url = quick.offerDownload(file, 'copy.pdf');
      await new Promise((r) => setTimeout(r, 200));
      await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
      const late = await new Promise<number>((resolve, reject) =>
        request({ host: '127.0.0.1', port: quick.port, path: url }, (res) => resolve(res.statusCode ?? 0))
          .on('error', reject)
          .end(),
      );
      expect(late).not.toBe(200);
    } finally {
      await quick.close();
    }
  });

  it('answers a malformed URL with 400, not 500', async () => {
    for (const path of ['/%E0%A4%A', '/assets/%', '/%ZZ.js']) {
      const r = await raw('GET', path, { Host: `127.0.0.1:${host.port}` });
      expect(r.status, path).toBe(400);
    }
  });

  it('pushes events over the WebSocket only to a client with the session and the app origin', async () => {
    const opens = (protocols: string[], origin = host.origin) =>
      new Promise<WebSocket | undefined>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api/events`, protocols, {
          origin,
          headers: { Cookie: cookie },
        });
        ws.once('open', () => resolve(ws));
        ws.once('error', () => resolve(undefined));
      });
    // The cookie alone, or a wrong secret: refused.
    expect(await opens([EVENTS_PROTOCOL])).toBeUndefined();
    expect(await opens([EVENTS_PROTOCOL, `${SECRET_PROTOCOL_PREFIX}${'0'.repeat(64)}`])).toBeUndefined();
    const ws = (await opens([EVENTS_PROTOCOL, SECRET_PROTOCOL_PREFIX + secret]))!;
    // The host selects the plain protocol: the secret is never echoed.
    expect(ws.protocol).toBe(EVENTS_PROTOCOL);
    const message = new Promise<string>((resolve) => ws.once('message', (m) => resolve(String(m))));
    host.emit('connection.skew', { seconds: 42 });
    expect(JSON.parse(await message)).toEqual({ event: 'connection.skew', payload: { seconds: 42 } });
    ws.close();

    expect(await opens([EVENTS_PROTOCOL, SECRET_PROTOCOL_PREFIX + secret], 'https://evil.example')).toBeUndefined();
  });
});
